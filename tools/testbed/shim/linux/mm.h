/* SPDX-License-Identifier: GPL-2.0 */
/* Host shim: nothing the tested code needs. */

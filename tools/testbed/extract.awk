# SPDX-License-Identifier: GPL-2.0
#
# Print the definition of function FN from a kernel C file: from the line
# that starts it (non-indented, "FN(" and no ";") to the first "}" line,
# preceded by a #line directive so that diagnostics point at the tree.
$0 ~ "^[a-z].*[ *]" FN "\\(" && $0 !~ /;[ \t]*$/ && !done {
	printing = 1
	printf "#line %d \"%s\"\n", FNR, FILENAME
}
printing { print }
printing && /^}/ { printing = 0; done = 1 }

# SPDX-License-Identifier: GPL-2.0
"""Render a LAVA device dictionary with a job's context, as lava-server
does when it schedules the job, for a local lava-run:
  python3 render-device.py TEMPLATES DICTIONARY JOB > device.yaml
TEMPLATES: lava-server's device-types directory (base.jinja2, qemu.jinja2)."""

import sys

import jinja2
import yaml


def main(templates, dictionary, job):
    with open(job) as f:
        context = yaml.safe_load(f).get("context", {})
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([templates]),
                             trim_blocks=True, autoescape=False)
    with open(dictionary) as f:
        out = env.from_string(f.read()).render(**context)
    yaml.safe_load(out)          # it must be YAML
    sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))

"""Where the CI checks build the packages that depend on Actuate by path.

`.ci/run` sets ACTUATE_CI_SCRATCH to one folder for all of them (the examples, the outside package, the
Getting Started guide's package, the common errors' and the DocC tutorial's), so that Actuate, a dependency of each built with the
same flags, is compiled once, not once per package. Unset, each package builds in its own `.build`, as a
reader's would.
"""

import os


def with_scratch(command):
    """`command` (a `swift <subcommand> …` list, possibly behind `timeout N`) with the shared scratch path."""
    scratch = os.environ.get("ACTUATE_CI_SCRATCH")
    if not scratch:
        return command
    at = command.index("swift") + 2
    return command[:at] + ["--scratch-path", scratch] + command[at:]

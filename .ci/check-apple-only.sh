#!/usr/bin/env bash
# Type-checks, on Linux, the code only Apple platforms compile: Sources/Actuate/Views/StoreModel+SwiftUI.swift,
# behind `#if canImport(SwiftUI)`, the `#if canImport(Darwin)` branch of Support/AtomicCounter.swift, and the
# chat screen example's SwiftUI view and UIKit controller (Examples/ChatScreen), which a newcomer copies.
#
# Stand-in modules make those conditions true. `SwiftUI` is .ci/swiftui-standin/: the declarations the
# extension and the example use, with the SDK's attributes, which are where an iOS build would break.
# `UIKit` is .ci/uikit-standin/UIKit.swift, the same for the example's controller.
# `Darwin` is Glibc under Apple's name, so a branch chosen by `canImport(Darwin)` is checked against the same
# POSIX functions. The whole Actuate module is then checked in Swift 6 mode, warnings as errors.
#
# What this cannot check: availability (Linux ignores `@available(iOS …)`), and the `import Darwin` lines
# that follow `canImport(Glibc)` in the files that call POSIX (Locked.swift, StandardError.swift, the debug
# log's files). Those lines are imports only; the functions called under them (pthread mutexes, write, open,
# lseek, rename, clock_gettime, localtime_r, getenv, atexit…) are POSIX, which Darwin declares too, and the
# code goes through the C type names (mode_t, off_t, time_t) rather than assume their widths, which differ.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=$(mktemp -d)
trap 'rm -rf "$modules"' EXIT

swiftc -emit-module -parse-as-library -swift-version 6 -warnings-as-errors -module-name SwiftUI \
  -emit-module-path "$modules/SwiftUI.swiftmodule" .ci/swiftui-standin/*.swift
swiftc -emit-module -parse-as-library -swift-version 6 -warnings-as-errors -module-name UIKit \
  -emit-module-path "$modules/UIKit.swiftmodule" .ci/uikit-standin/UIKit.swift

echo '@_exported import Glibc' > "$modules/Darwin.swift"
swiftc -emit-module -parse-as-library -swift-version 6 -module-name Darwin \
  -emit-module-path "$modules/Darwin.swiftmodule" "$modules/Darwin.swift"

# Without it, a stand-in the compiler failed to find would turn the check into a silent pass.
cat > "$modules/StandIns.swift" <<'EOF'
#if !canImport(SwiftUI) || !canImport(Darwin)
#error("the SwiftUI and Darwin stand-ins are not visible: the Apple-only code would be skipped")
#endif
EOF

# -emit-sil, not -typecheck: Swift 6's region checks (`sending`, a non-Sendable value captured by a task) run
# on SIL, after type-checking, and -typecheck alone passes code that a build rejects. -wmo does the module in
# one job: 3 to 4 seconds, against 10 to 15 for a job per file. The module it emits is what the example
# imports.
if ! swiftc -emit-sil -o /dev/null -wmo -parse-as-library -swift-version 6 -warnings-as-errors \
  -module-name Actuate -package-name actuate -I "$modules" -emit-module-path "$modules/Actuate.swiftmodule" \
  $(find Sources/Actuate -name '*.swift' -not -path '*.docc/*') "$modules/StandIns.swift"; then
  echo "error: the Apple-only code does not type-check against the SwiftUI and Darwin stand-ins (above)" >&2
  exit 1
fi
cat > "$modules/ExampleStandIns.swift" <<'EOF'
#if !canImport(SwiftUI) || !canImport(UIKit)
#error("the SwiftUI and UIKit stand-ins are not visible: the example's Apple-only files would be skipped")
#endif
EOF
if ! swiftc -emit-sil -o /dev/null -wmo -parse-as-library -swift-version 6 -warnings-as-errors \
  -module-name ChatScreen -I "$modules" "$modules/ExampleStandIns.swift" \
  Examples/ChatScreen/RoomInteractor.swift Examples/ChatScreen/RoomView.swift Examples/ChatScreen/DraftViewController.swift; then
  echo "error: the chat screen's SwiftUI view or UIKit controller does not type-check against the stand-ins (above)" >&2
  exit 1
fi
echo "the Apple-only code type-checks: StoreModel+SwiftUI.swift and the chat screen's RoomView and DraftViewController against the SwiftUI and UIKit stand-ins, canImport(Darwin) branches against Glibc"

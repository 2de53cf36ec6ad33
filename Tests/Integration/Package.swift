// swift-tools-version:6.0
import PackageDescription

// A user's package, written as README.md and Docs/GettingStarted.md say: it depends on Actuate from a
// checkout, names its targets as it likes (Counter, Search and Timer are also names of Actuate's examples),
// and tests a feature with ActuateTesting. CI builds it with warnings as errors, so an API that breaks or
// warns for outside users fails there.
let package = Package(
  name: "Integration",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(name: "actuate", path: "../..")],
  targets: [
    .executableTarget(name: "Counter", dependencies: [.product(name: "Actuate", package: "actuate")]),
    .target(name: "Search"),
    .target(name: "Timer"),
    .testTarget(name: "CounterTests", dependencies: ["Counter", .product(name: "ActuateTesting", package: "actuate")]),
  ],
  swiftLanguageModes: [.v6]
)

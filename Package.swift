// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Actuate",
  // Mutex (Synchronization) sets the Apple floor; everything else runs on any Swift 6 toolchain.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Actuate", targets: ["Actuate"]),
    .library(name: "ActuateTesting", targets: ["ActuateTesting"]),
    .executable(name: "counter", targets: ["Counter"]),
  ],
  targets: [
    .target(name: "Actuate"),
    .target(name: "ActuateTesting", dependencies: ["Actuate"]),
    .executableTarget(name: "Counter", dependencies: ["Actuate"], path: "Examples/Counter"),
    .testTarget(name: "ActuateTests", dependencies: ["Actuate", "ActuateTesting"]),
    .testTarget(name: "ActuateTestingTests", dependencies: ["Actuate", "ActuateTesting"]),
    .testTarget(name: "ExamplesTests", dependencies: ["Actuate", "ActuateTesting", "Counter"]),
  ],
  swiftLanguageModes: [.v6]
)

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
    .executable(name: "actuate-benchmarks", targets: ["ActuateBenchmarks"]),
  ],
  targets: [
    .target(name: "Actuate"),
    .target(name: "ActuateTesting", dependencies: ["Actuate"]),
    .executableTarget(name: "Counter", dependencies: ["Actuate"], path: "Examples/Counter"),
    .executableTarget(name: "ActuateBenchmarks", dependencies: ["Actuate"], path: "Benchmarks"),
    .testTarget(name: "ActuateTests", dependencies: ["Actuate", "ActuateTesting"]),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import PackageDescription

// The library, its tests and its benchmarks, every target named Actuate…: the examples are a package of their
// own, in Examples/, so that no name of theirs (Counter, Search, Timer…) reaches the package graph of an app
// that depends on Actuate. The benchmarks stay here because they measure package-level internals; a
// dependent builds only the products it uses, so it never builds them.
let package = Package(
  name: "Actuate",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Actuate", targets: ["Actuate"]),
    .library(name: "ActuateTesting", targets: ["ActuateTesting"]),
    .executable(name: "actuate-benchmarks", targets: ["ActuateBenchmarks"]),
  ],
  targets: [
    .target(name: "Actuate"),
    .target(name: "ActuateTesting", dependencies: ["Actuate"]),
    .executableTarget(
      name: "ActuateBenchmarks", dependencies: ["Actuate", "ActuateTesting", "ActuateBenchmarkFloor"],
      path: "Benchmarks", exclude: ["Floor"]),
    // The floor under Actuate's send, in a module of its own so its generic code runs unspecialised, as
    // Actuate's does for a client's interactor (the task-floor benchmark).
    .target(name: "ActuateBenchmarkFloor", path: "Benchmarks/Floor"),
    // A tool that logs and exits without flushing, which LogExitTests run as a child process.
    .executableTarget(name: "ActuateLogExitProbe", dependencies: ["Actuate"], path: "Tests/LogExitProbe"),
    // A tool with a persisted store, which PersistenceCrashTests kill at chosen points of a save.
    .executableTarget(name: "ActuatePersistenceProbe", dependencies: ["Actuate"], path: "Tests/PersistenceProbe"),
    .testTarget(
      name: "ActuateTests",
      dependencies: ["Actuate", "ActuateTesting", "ActuateLogExitProbe", "ActuatePersistenceProbe"]),
    .testTarget(name: "ActuateTestingTests", dependencies: ["Actuate", "ActuateTesting"]),
  ],
  swiftLanguageModes: [.v6]
)

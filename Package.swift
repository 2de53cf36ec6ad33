// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Actuate",
  // Atomic (Synchronization) sets the Apple floor; everything else runs on any Swift 6 toolchain.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Actuate", targets: ["Actuate"]),
    .library(name: "ActuateTesting", targets: ["ActuateTesting"]),
    .executable(name: "counter", targets: ["Counter"]),
    .executable(name: "chat", targets: ["Chat"]),
    .executable(name: "search", targets: ["Search"]),
    .executable(name: "signin", targets: ["SignIn"]),
    .executable(name: "todos", targets: ["Todos"]),
    .executable(name: "loginlogout", targets: ["LoginLogout"]),
    .executable(name: "timer", targets: ["Timer"]),
    .executable(name: "actuate-benchmarks", targets: ["ActuateBenchmarks"]),
  ],
  targets: [
    .target(name: "Actuate"),
    .target(name: "ActuateTesting", dependencies: ["Actuate"]),
    .executableTarget(name: "Counter", dependencies: ["Actuate"], path: "Examples/Counter"),
    .executableTarget(name: "Chat", dependencies: ["Actuate"], path: "Examples/Chat"),
    .executableTarget(name: "Search", dependencies: ["Actuate"], path: "Examples/Search"),
    .executableTarget(name: "SignIn", dependencies: ["Actuate"], path: "Examples/SignIn"),
    .executableTarget(name: "Todos", dependencies: ["Actuate"], path: "Examples/Todos"),
    .executableTarget(name: "LoginLogout", dependencies: ["Actuate"], path: "Examples/LoginLogout"),
    .executableTarget(name: "Timer", dependencies: ["Actuate"], path: "Examples/Timer"),
    .executableTarget(name: "ActuateBenchmarks", dependencies: ["Actuate", "ActuateTesting"], path: "Benchmarks"),
    .testTarget(name: "ActuateTests", dependencies: ["Actuate", "ActuateTesting"]),
    .testTarget(name: "ActuateTestingTests", dependencies: ["Actuate", "ActuateTesting"]),
    .testTarget(
      name: "ExamplesTests",
      dependencies: ["Actuate", "ActuateTesting", "Counter", "Chat", "Search", "SignIn", "Todos", "LoginLogout", "Timer"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version:6.0
import PackageDescription

// The demos and their tests: a package of its own that depends on Actuate from this checkout,
// so their target names stay out of the graph of every package that depends on Actuate.
// Run from the repository's root: `swift run --package-path Examples counter`.
let package = Package(
  name: "ActuateExamples",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .executable(name: "counter", targets: ["Counter"]),
    .executable(name: "chat", targets: ["Chat"]),
    .executable(name: "search", targets: ["Search"]),
    .executable(name: "signin", targets: ["SignIn"]),
    .executable(name: "todos", targets: ["Todos"]),
    .executable(name: "loginlogout", targets: ["LoginLogout"]),
    .executable(name: "timer", targets: ["Timer"]),
    .executable(name: "chatscreen", targets: ["ChatScreen"]),
  ],
  dependencies: [
    // `name:` gives the checkout the identity `actuate` whatever its folder is called, as a user writes it.
    .package(name: "actuate", path: "..")
  ],
  targets: [
    .executableTarget(name: "Counter", dependencies: [.actuate], path: "Counter"),
    .executableTarget(name: "Chat", dependencies: [.actuate], path: "Chat"),
    .executableTarget(name: "Search", dependencies: [.actuate], path: "Search"),
    .executableTarget(name: "SignIn", dependencies: [.actuate], path: "SignIn"),
    .executableTarget(name: "Todos", dependencies: [.actuate], path: "Todos"),
    .executableTarget(name: "LoginLogout", dependencies: [.actuate], path: "LoginLogout"),
    .executableTarget(name: "Timer", dependencies: [.actuate], path: "Timer"),
    .executableTarget(name: "ChatScreen", dependencies: [.actuate], path: "ChatScreen"),
    .testTarget(
      name: "ExamplesTests",
      dependencies: [
        .actuate, .actuateTesting, "Counter", "Chat", "Search", "SignIn", "Todos", "LoginLogout", "Timer", "ChatScreen",
      ],
      // Recorded sessions the tests read from the source tree by path: not resources of the bundle.
      exclude: ["Sessions"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

extension Target.Dependency {
  static let actuate = Target.Dependency.product(name: "Actuate", package: "actuate")
  static let actuateTesting = Target.Dependency.product(name: "ActuateTesting", package: "actuate")
}

// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Counter",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(url: "https://github.com/actuate-swift/actuate.git", from: "0.1.0")],
  targets: [
    .executableTarget(name: "Counter", dependencies: [.product(name: "Actuate", package: "actuate")]),
    .testTarget(name: "CounterTests", dependencies: ["Counter", .product(name: "ActuateTesting", package: "actuate")]),
  ],
  swiftLanguageModes: [.v6]
)

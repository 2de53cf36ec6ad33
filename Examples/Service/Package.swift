// swift-tools-version:6.1
import PackageDescription

// A Linux service built on Actuate: a Hummingbird server with a store per shopping cart. A package of its own,
// so that Actuate and its other examples stay free of dependencies.
// Run from the repository's root: `swift run --package-path Examples/Service`.
let package = Package(
  name: "ActuateService",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "cart-service", targets: ["cart-service"])
  ],
  dependencies: [
    // `name:` gives the checkout the identity `actuate` whatever its folder is called, as a user writes it.
    .package(name: "actuate", path: "../.."),
    // Hummingbird's swift-configuration support is left out: the service reads its few settings itself.
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.0.0", traits: ["FullFoundation"]),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.6.0"),
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.24.0"),
    .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
  ],
  targets: [
    .target(
      name: "CartService",
      dependencies: [
        .product(name: "Actuate", package: "actuate"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
    .executableTarget(name: "cart-service", dependencies: ["CartService"]),
    .testTarget(
      name: "CartServiceTests",
      dependencies: [
        "CartService",
        .product(name: "ActuateTesting", package: "actuate"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

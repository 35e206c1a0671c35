// swift-tools-version: 6.1
// The toolkit's benchmarks, against the alternatives a user would pick instead, side by side in
// one release-built run. Not part of the root package, so `swift test` never builds it.
import PackageDescription

let package = Package(
    name: "EndpointKitBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "EndpointKit", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "endpointkit-bench",
            dependencies: [
                .product(name: "EndpointKit", package: "EndpointKit"),
                .product(name: "OxfordDictionaries", package: "EndpointKit"),
                .product(name: "EndpointKitTesting", package: "EndpointKit"),
            ],
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]
        )
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "EndpointKit",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "EndpointKit", targets: ["EndpointKit"]),
        .library(name: "EndpointKitTesting", targets: ["EndpointKitTesting"]),
        .library(name: "EndpointKitAsyncHTTPClient", targets: ["EndpointKitAsyncHTTPClient"]),
        .library(name: "OxfordDictionaries", targets: ["OxfordDictionaries"]),
        .library(name: "OxfordSandbox", targets: ["OxfordSandbox"]),
        .executable(name: "oxford-sandbox", targets: ["oxford-sandbox"]),
        .executable(name: "oxford", targets: ["oxford"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        // Test-only since EndpointKit has its own URLSession transport: tested beside it.
        .package(url: "https://github.com/apple/swift-openapi-urlsession.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        // SHA-256 of downloaded files (CryptoKit's API, on Linux too).
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        // Traces and metrics: the API packages only (NIO-free); the application bootstraps a backend.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        // The offline Oxford sandbox server and its command line.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The oxford command's transport (and the tests' second transport).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // Test-only dependencies.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
    ],
    targets: [
        // The toolkit: endpoints, parameters, bodies and the controller. No NIO, so it builds fast.
        // The system zlib, for gzip and deflate bodies (no NIO).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .target(
            name: "EndpointKit",
            dependencies: [
                "CZlib",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // A transport over AsyncHTTPClient: a product of its own, so NIO stays out of the core.
        .target(
            name: "EndpointKitAsyncHTTPClient",
            dependencies: [
                "EndpointKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
        // What users need to test their own API clients: stubs, recording, fixtures.
        .target(
            name: "EndpointKitTesting",
            dependencies: [
                "EndpointKit",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
        // The typed Oxford Dictionaries API client, built on the toolkit.
        .target(
            name: "OxfordDictionaries",
            dependencies: [
                "EndpointKit",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
        // The offline Oxford sandbox: a Hummingbird server with real lexical data, started in-process
        // by tests and the command line. It and the oxford command need NIO; the core does not.
        .target(
            name: "OxfordSandbox",
            dependencies: [
                "OxfordDictionaries", "EndpointKit",
                // Inflates the lexicon file's blocks.
                "CZlib",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Lexicon")]
        ),
        .executableTarget(
            name: "oxford-sandbox",
            dependencies: [
                "OxfordSandbox",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The command-line tool: offline (the sandbox, in-process) by default, the real service with
        // credentials. It rides AsyncHTTPClient, the fastest transport on Linux, through
        // EndpointKit's own transport.
        .executableTarget(
            name: "oxford",
            dependencies: [
                "EndpointKit", "EndpointKitAsyncHTTPClient", "OxfordDictionaries", "OxfordSandbox",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // Test support shared by the test targets: documentation examples must be tested code.
        .target(name: "DocumentationSnippets", path: "Tests/Support/DocumentationSnippets"),
        // Test support: runs the package's executables as a user does; keeps memory measurements
        // apart from memory-heavy tests.
        .target(name: "ProcessTesting", path: "Tests/Support/ProcessTesting"),
        // Test support: a seeded random number generator, so randomised tests can be replayed.
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
        // Test support: a log handler that keeps every line, for checking what is (not) logged.
        .target(
            name: "LogCapture", dependencies: [.product(name: "Logging", package: "swift-log")],
            path: "Tests/Support/LogCapture"),
        .testTarget(
            name: "OxfordDictionariesTests",
            dependencies: [
                "LogCapture",
                "OxfordDictionaries", "EndpointKitTesting", "DocumentationSnippets",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The tutorial (seeds 000 and 001) as its readers wrote it: the seed's names only, in Swift 5
        // language mode.
        .testTarget(
            name: "OxfordTutorialTests",
            dependencies: ["OxfordDictionaries"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "OxfordSandboxTests",
            dependencies: [
                "LogCapture", "SeededRandom",
                "OxfordSandbox", "OxfordDictionaries", "EndpointKit", "DocumentationSnippets",
                // The client over EndpointKit's AsyncHTTPClient transport too.
                "EndpointKitAsyncHTTPClient",
                // The command is run as a built binary by its end-to-end tests.
                "oxford-sandbox", "ProcessTesting",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            // A sample of WordNet's lemmas, read by path by the coverage test.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "OxfordCommandTests",
            dependencies: [
                // Run as a built binary by the tests.
                "oxford",
                "OxfordSandbox", "ProcessTesting",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "EndpointKitTests",
            dependencies: [
                "LogCapture", "SeededRandom",
                "EndpointKit",
                "EndpointKitTesting",
                "DocumentationSnippets",
                "ProcessTesting",
                // Compresses the fault server's gzip and deflate bodies.
                "CZlib",
                .product(name: "PropertyBased", package: "swift-property-based"),
                // SHA-256 of the expected bytes of resumable downloads, computed apart from the file.
                .product(name: "Crypto", package: "swift-crypto"),
                // An independent multipart/form-data parser (Vapor's) to read our bodies back.
                .product(name: "MultipartKit", package: "multipart-kit"),
                // A real HTTP server on loopback for the controller's integration tests.
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The AsyncHTTPClient transports (swift-openapi's and ours), tested beside URLSession.
                "EndpointKitAsyncHTTPClient",
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // swift-openapi's URLSession transport, tested beside EndpointKit's own.
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                // Traces and metrics checked without bootstrapping the global systems.
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}

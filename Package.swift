// swift-tools-version:6.1
import PackageDescription
import Foundation

/// With LAMINA_WARNINGS_AS_ERRORS=1 (CI), the package's own Swift targets fail on any compiler warning;
/// dependencies are built as usual.
let ownSwiftSettings: [SwiftSetting] =
    ProcessInfo.processInfo.environment["LAMINA_WARNINGS_AS_ERRORS"] == "1" ? [.unsafeFlags(["-warnings-as-errors"])] : []

/// What only the render service needs (trait "Server", on by default): an app that depends on Lamina with
/// `traits: []` resolves and builds none of these packages.
let server: TargetDependencyCondition? = .when(traits: ["Server"])

let package = Package(
    name: "Lamina",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Lamina", targets: ["Lamina"]),
        .library(name: "LaminaGLES", targets: ["LaminaGLES"]),
        .library(name: "LaminaCPU", targets: ["LaminaCPU"]),
        .library(name: "LaminaPNG", targets: ["LaminaPNG"]),
        .library(name: "LaminaServer", targets: ["LaminaServer"]),
        .library(name: "LaminaWayland", targets: ["LaminaWayland"]),
        .library(name: "LaminaText", targets: ["LaminaText"]),
        .executable(name: "lamina", targets: ["lamina"]),
    ],
    traits: [
        .trait(name: "Server", description: "lamina serve and the LaminaServer library, on Hummingbird, SwiftNIO, swift-crypto and Prometheus."),
        .default(enabledTraits: ["Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libegl-mesa0"])]),
        .systemLibrary(name: "CGLES3", pkgConfig: "glesv2", providers: [.apt(["libgles-dev", "libgl1-mesa-dri"])]),
        .systemLibrary(name: "CGBM", pkgConfig: "gbm", providers: [.apt(["libgbm-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),

        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CUnibreak", pkgConfig: "libunibreak", providers: [.apt(["libunibreak-dev"])]),
        .target(name: "LaminaText", dependencies: ["Lamina", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CUnibreak"],
                swiftSettings: ownSwiftSettings),

        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .target(name: "CWaylandProtocols", exclude: ["generated", "protocols"]),
        .plugin(name: "WaylandScanner", capability: .buildTool()),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .target(name: "LaminaWayland", dependencies: ["Lamina", "CEGL", "CWaylandClient", "CWaylandProtocols", "CXKBCommon"],
                swiftSettings: ownSwiftSettings, plugins: ["WaylandScanner"]),

        .target(name: "Lamina", swiftSettings: ownSwiftSettings),
        .target(name: "CTempCleanup"),
        .target(name: "LaminaPNG", dependencies: ["Lamina", "CPNG", "CDeflate", "CWebP", "CTurboJPEG", "CTempCleanup"],
                swiftSettings: ownSwiftSettings),
        .target(name: "LaminaCPU", dependencies: ["Lamina"], swiftSettings: ownSwiftSettings),
        .target(name: "LaminaExamples", dependencies: ["Lamina"], swiftSettings: ownSwiftSettings),
        .executableTarget(name: "ShaderEmbedder", swiftSettings: ownSwiftSettings),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),
        .target(
            name: "LaminaGLES",
            dependencies: ["Lamina", "CEGL", "CGLES3", "CGBM"],
            swiftSettings: ownSwiftSettings,
            plugins: ["EmbedShaders"]
        ),
        .target(
            name: "LaminaServer",
            dependencies: [
                "Lamina", "LaminaPNG",
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
                .product(name: "Logging", package: "swift-log", condition: server),
                .product(name: "Prometheus", package: "swift-prometheus", condition: server),
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: server),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: server),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: server),
                .product(name: "Crypto", package: "swift-crypto", condition: server),
            ],
            swiftSettings: ownSwiftSettings
        ),
        .executableTarget(
            name: "lamina",
            dependencies: [
                "Lamina", "LaminaGLES", "LaminaCPU", "LaminaPNG", "LaminaExamples", .target(name: "LaminaServer", condition: server), "LaminaWayland", "LaminaText",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: ownSwiftSettings
        ),

        .target(name: "ExampleUI", dependencies: ["Lamina", "LaminaWayland"], path: "Examples/swift/Sources/ExampleUI",
                swiftSettings: ownSwiftSettings),
        .executableTarget(name: "lamina-example-ui",
                          dependencies: ["ExampleUI", "Lamina", "LaminaCPU", "LaminaGLES", "LaminaPNG", "LaminaText", "LaminaWayland"],
                          path: "Examples/swift/Sources/InteractiveList", swiftSettings: ownSwiftSettings),
        .executableTarget(name: "lamina-example-static", dependencies: ["Lamina", "LaminaCPU", "LaminaPNG", "LaminaText"],
                          path: "Examples/swift/Sources/StaticCard", swiftSettings: ownSwiftSettings),

        .executableTarget(
            name: "FuzzHTTP",
            dependencies: [
                "Lamina", "LaminaCPU", .target(name: "LaminaServer", condition: server),
                .product(name: "Logging", package: "swift-log", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
            ],
            path: "Fuzz/HTTP",
            swiftSettings: ownSwiftSettings
        ),

        .testTarget(name: "LaminaTests", dependencies: ["Lamina"], swiftSettings: ownSwiftSettings),
        .testTarget(name: "LaminaPNGTests", dependencies: ["LaminaPNG", "CPNG", "CWebP", "CTurboJPEG"], exclude: ["Fixtures"],
                    swiftSettings: ownSwiftSettings),
        .testTarget(name: "LaminaCPUTests", dependencies: ["LaminaCPU", "Lamina"], swiftSettings: ownSwiftSettings),
        .testTarget(name: "LaminaGLESTests", dependencies: ["LaminaGLES", "Lamina"], swiftSettings: ownSwiftSettings),
        .testTarget(name: "RenderingTests", dependencies: ["Lamina", "LaminaGLES", "LaminaCPU", "LaminaPNG", "LaminaExamples", "LaminaText"],
                    exclude: ["Golden", "SkiaText"], swiftSettings: ownSwiftSettings),
        .testTarget(name: "LaminaTextTests", dependencies: ["LaminaText", "CFreeType"], swiftSettings: ownSwiftSettings),
        .testTarget(name: "LaminaExamplesTests", dependencies: ["LaminaExamples", "LaminaText", "ExampleUI", "LaminaWayland", "LaminaCPU"], swiftSettings: ownSwiftSettings),
        .testTarget(name: "WaylandTests", dependencies: ["lamina", "Lamina", "LaminaWayland", "LaminaCPU", "LaminaGLES", "LaminaPNG",
                                                  "CWaylandClient", "CWaylandProtocols", "CXKBCommon"],
                    swiftSettings: ownSwiftSettings),
        .testTarget(name: "CLITests", dependencies: ["lamina", "LaminaPNG"], exclude: ["BadInputs"], swiftSettings: ownSwiftSettings),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "lamina", "Lamina", .target(name: "LaminaServer", condition: server), "LaminaCPU", "LaminaGLES", "LaminaPNG",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: server),
                .product(name: "NIOCore", package: "swift-nio", condition: server),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: server),
                .product(name: "Hummingbird", package: "hummingbird", condition: server),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: server),
                .product(name: "Logging", package: "swift-log", condition: server),
            ],
            swiftSettings: ownSwiftSettings
        ),
    ]
)

// `LAMINA_DOCS=1 swift package generate-documentation --target Lamina` renders the DocC documentation of the
// public API; the plugin is a dependency only then, so an app that depends on Lamina never resolves it.
if Context.environment["LAMINA_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}

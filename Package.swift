// swift-tools-version:6.0
import PackageDescription

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
        .executable(name: "lamina", targets: ["lamina"]),
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
    ],
    targets: [
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libegl-mesa0"])]),
        .systemLibrary(name: "CGLES3", pkgConfig: "glesv2", providers: [.apt(["libgles-dev", "libgl1-mesa-dri"])]),
        .systemLibrary(name: "CGBM", pkgConfig: "gbm", providers: [.apt(["libgbm-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),

        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        .target(name: "CWaylandProtocols", exclude: ["generated"]),
        .plugin(name: "WaylandScanner", capability: .buildTool()),
        .target(name: "LaminaWayland", dependencies: ["Lamina", "CEGL", "CWaylandClient", "CWaylandProtocols"],
                plugins: ["WaylandScanner"]),

        .target(name: "Lamina"),
        .target(name: "CTempCleanup"),
        .target(name: "LaminaPNG", dependencies: ["Lamina", "CPNG", "CDeflate", "CWebP", "CTurboJPEG", "CTempCleanup"]),
        .target(name: "LaminaCPU", dependencies: ["Lamina"]),
        .target(name: "LaminaExamples", dependencies: ["Lamina"]),
        .executableTarget(name: "ShaderEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),
        .target(
            name: "LaminaGLES",
            dependencies: ["Lamina", "CEGL", "CGLES3", "CGBM"],
            plugins: ["EmbedShaders"]
        ),
        .target(
            name: "LaminaServer",
            dependencies: [
                "Lamina", "LaminaPNG",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        .executableTarget(
            name: "lamina",
            dependencies: [
                "Lamina", "LaminaGLES", "LaminaCPU", "LaminaPNG", "LaminaExamples", "LaminaServer", "LaminaWayland",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "LaminaTests", dependencies: ["Lamina"]),
        .testTarget(name: "LaminaPNGTests", dependencies: ["LaminaPNG", "CPNG", "CWebP", "CTurboJPEG"]),
        .testTarget(name: "LaminaCPUTests", dependencies: ["LaminaCPU", "Lamina"]),
        .testTarget(name: "LaminaGLESTests", dependencies: ["LaminaGLES", "Lamina"]),
        .testTarget(name: "RenderingTests", dependencies: ["Lamina", "LaminaGLES", "LaminaCPU", "LaminaPNG", "LaminaExamples"],
                    exclude: ["Golden"]),
        .testTarget(name: "LaminaExamplesTests", dependencies: ["LaminaExamples"]),
        .testTarget(name: "WaylandTests", dependencies: ["lamina", "Lamina", "LaminaWayland", "LaminaCPU", "LaminaPNG"]),
        .testTarget(name: "CLITests", dependencies: ["lamina", "LaminaPNG"]),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "lamina", "Lamina", "LaminaServer", "LaminaCPU", "LaminaGLES", "LaminaPNG",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)

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
        .executable(name: "lamina", targets: ["lamina"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev", "libegl-mesa0"])]),
        .systemLibrary(name: "CGLES3", pkgConfig: "glesv2", providers: [.apt(["libgles-dev", "libgl1-mesa-dri"])]),
        .systemLibrary(name: "CGBM", pkgConfig: "gbm", providers: [.apt(["libgbm-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),

        .target(name: "Lamina"),
        .target(name: "LaminaPNG", dependencies: ["Lamina", "CPNG"]),
        .target(name: "LaminaCPU", dependencies: ["Lamina"]),
        .target(name: "LaminaExamples", dependencies: ["Lamina"]),
        .executableTarget(name: "ShaderEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),
        .target(
            name: "LaminaGLES",
            dependencies: ["Lamina", "CEGL", "CGLES3", "CGBM"],
            plugins: ["EmbedShaders"]
        ),
        .executableTarget(
            name: "lamina",
            dependencies: [
                "Lamina", "LaminaGLES", "LaminaCPU", "LaminaPNG", "LaminaExamples",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "LaminaTests", dependencies: ["Lamina"]),
        .testTarget(name: "LaminaPNGTests", dependencies: ["LaminaPNG"]),
        .testTarget(name: "LaminaCPUTests", dependencies: ["LaminaCPU", "Lamina"]),
        .testTarget(name: "LaminaGLESTests", dependencies: ["LaminaGLES", "Lamina"]),
        .testTarget(name: "RenderingTests", dependencies: ["Lamina", "LaminaGLES", "LaminaCPU", "LaminaPNG", "LaminaExamples"],
                    exclude: ["Golden"]),
        .testTarget(name: "LaminaExamplesTests", dependencies: ["LaminaExamples"]),
        .testTarget(name: "CLITests", dependencies: ["lamina", "LaminaPNG"]),
    ]
)

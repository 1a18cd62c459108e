import Foundation

/// Scenes and files the server tests post.
enum TestScenes {
    /// The package root (three folders above this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let examples = root.appending(path: "Examples")
    static let badInputs = root.appending(path: "Tests/CLITests/BadInputs")

    static func example(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: examples.appending(path: name)))
    }

    /// A scene slow enough to keep a worker busy for a good fraction of a second: overlapping shadowed,
    /// bordered, rounded cards on a large canvas. With thousands of cards and wide shadows it keeps a CPU
    /// worker busy for many seconds.
    static func heavy(cards: Int = 600, shadowRadius: Int = 18) -> [UInt8] {
        canvas(cards: cards) { x, y, color in
            "{\"frame\":[\(x),\(y),260,180],\"backgroundColor\":\"#\(color)\",\"cornerRadius\":24,"
                + "\"borderWidth\":3,\"borderColor\":\"#222222\",\"shadowOpacity\":0.6,\"shadowRadius\":\(shadowRadius),\"shadowOffset\":[0,6]}"
        }
    }

    /// Cards whose shadows follow a translucent sublayer, so every shadow is a silhouette offscreen and a blur:
    /// slow on both backends (over 20 s each in a debug build on llvmpipe at 3,000 cards), unlike `heavy`, whose
    /// closed-form shadows the GPU path draws in about two seconds.
    static func blurred(cards: Int = 3000, shadowRadius: Int = 60) -> [UInt8] {
        canvas(cards: cards) { x, y, color in
            "{\"frame\":[\(x),\(y),260,180],\"cornerRadius\":24,\"shadowOpacity\":0.6,\"shadowRadius\":\(shadowRadius),"
                + "\"shadowOffset\":[0,6],\"sublayers\":[{\"frame\":[10,10,240,160],\"backgroundColor\":\"#\(color)cc\",\"cornerRadius\":20}]}"
        }
    }

    /// A 1800 × 1200 white canvas of `cards` overlapping layers, each from `card(x, y, hex color)`.
    private static func canvas(cards: Int, _ card: (Int, Int, String) -> String) -> [UInt8] {
        let layers = (0..<cards).map { i in card((i * 37) % 1500, (i * 53) % 1000, String(format: "%06x", (i * 2654435) & 0xFFFFFF)) }
        let text = #"{"width":1800,"height":1200,"background":"white","root":{"sublayers":[\#(layers.joined(separator: ","))]}}"#
        return Array(text.utf8)
    }
}

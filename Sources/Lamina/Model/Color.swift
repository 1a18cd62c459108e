/// A straight-alpha sRGB color with components in 0…1, as written in scenes.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public init(white: Double, alpha: Double = 1) { self.init(red: white, green: white, blue: white, alpha: alpha) }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(white: 0)
    public static let white = Color(white: 1)

    /// The UIColor system colors that scenes may name.
    public static let named: [String: Color] = [
        "clear": .clear, "black": .black, "white": .white,
        "gray": Color(white: 0.5), "lightGray": Color(white: 2.0 / 3.0), "darkGray": Color(white: 1.0 / 3.0),
        "red": Color(red: 1, green: 0, blue: 0), "green": Color(red: 0, green: 1, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 1), "cyan": Color(red: 0, green: 1, blue: 1),
        "yellow": Color(red: 1, green: 1, blue: 0), "magenta": Color(red: 1, green: 0, blue: 1),
        "orange": Color(red: 1, green: 0.5, blue: 0), "purple": Color(red: 0.5, green: 0, blue: 0.5),
        "brown": Color(red: 0.6, green: 0.4, blue: 0.2),
    ]

    /// The same color with alpha multiplied by `factor`.
    public func withAlphaMultiplied(by factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * factor)
    }

    /// Premultiplied components, the form every plan command carries.
    public var premultiplied: PremultipliedColor {
        PremultipliedColor(red: red * alpha, green: green * alpha, blue: blue * alpha, alpha: alpha)
    }

    public var description: String {
        "rgba(\([red, green, blue, alpha].map(Format.number).joined(separator: ", ")))"
    }
}

/// A premultiplied sRGB-encoded color (components 0…1), as blended by source-over.
public struct PremultipliedColor: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public static let transparent = PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
    public static let white = PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1)

    public func scaled(by f: Double) -> PremultipliedColor {
        PremultipliedColor(red: red * f, green: green * f, blue: blue * f, alpha: alpha * f)
    }

    public var isOpaque: Bool { alpha >= 1 }
    public var isTransparent: Bool { alpha <= 0 }

    public var description: String {
        "#" + [red, green, blue, alpha].map { v -> String in
            let b = Int((max(0, min(1, v)) * 255).rounded())
            let h = String(b, radix: 16)
            return h.count == 1 ? "0" + h : h
        }.joined() + "(pm)"
    }
}

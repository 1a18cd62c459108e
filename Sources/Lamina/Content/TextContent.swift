/// What a `CATextLayer` draws, with its property names and defaults (SCENE_FORMAT.md "CATextLayer").
public struct TextContent: Hashable, Sendable {
    /// The text as runs; each run may override the font, size and color of the layer.
    public var runs: [TextSpan]
    /// A name in the scene's `fonts`, else a fontconfig family name with an optional style ("DejaVu Sans:Bold").
    public var font: String
    /// Points.
    public var fontSize: Double
    /// Color of glyphs without colors of their own.
    public var foregroundColor: Color
    public var alignmentMode: TextAlignmentMode
    /// Wrap at the bounds width (UAX #14).
    public var isWrapped: Bool
    public var truncationMode: TextTruncationMode
    /// Pixels per point the glyphs are rasterized at; nil = the scene's scale (as UIKit sets it).
    public var contentsScale: Double?

    public init(string: String = "", font: String = "Helvetica", fontSize: Double = 36, foregroundColor: Color = .white,
                alignmentMode: TextAlignmentMode = .natural, isWrapped: Bool = false,
                truncationMode: TextTruncationMode = .none, contentsScale: Double? = nil) {
        self.init(runs: string.isEmpty ? [] : [TextSpan(string)], font: font, fontSize: fontSize, foregroundColor: foregroundColor,
                  alignmentMode: alignmentMode, isWrapped: isWrapped, truncationMode: truncationMode, contentsScale: contentsScale)
    }

    public init(runs: [TextSpan], font: String = "Helvetica", fontSize: Double = 36, foregroundColor: Color = .white,
                alignmentMode: TextAlignmentMode = .natural, isWrapped: Bool = false,
                truncationMode: TextTruncationMode = .none, contentsScale: Double? = nil) {
        self.runs = runs; self.font = font; self.fontSize = fontSize; self.foregroundColor = foregroundColor
        self.alignmentMode = alignmentMode; self.isWrapped = isWrapped; self.truncationMode = truncationMode
        self.contentsScale = contentsScale
    }

    /// The whole text; setting it replaces the runs with one run of the layer's font, size and color.
    public var string: String {
        get { runs.map(\.text).joined() }
        set { runs = newValue.isEmpty ? [] : [TextSpan(newValue)] }
    }

    /// Whether the text has no characters.
    public var isEmpty: Bool { runs.allSatisfy { $0.text.isEmpty } }

    /// The same text with every color removed: what layout depends on (a color change does not re-shape).
    public var layoutKey: TextContent {
        var k = self
        k.foregroundColor = .clear
        k.runs = runs.map { var r = $0; r.foregroundColor = nil; return r }
        return k
    }
}

/// A run of a text layer's string with its own font, size or color (nil: the layer's).
public struct TextSpan: Hashable, Sendable {
    public var text: String
    public var font: String?
    public var fontSize: Double?
    public var foregroundColor: Color?

    public init(_ text: String, font: String? = nil, fontSize: Double? = nil, foregroundColor: Color? = nil) {
        self.text = text; self.font = font; self.fontSize = fontSize; self.foregroundColor = foregroundColor
    }
}

/// `CATextLayer.alignmentMode`.
public enum TextAlignmentMode: String, Hashable, Sendable, CaseIterable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural, left, right, center
    /// Stretches the spaces of every line but a paragraph's last.
    case justified
}

/// `CATextLayer.truncationMode`: where a line too wide for the bounds loses characters to "…".
public enum TextTruncationMode: String, Hashable, Sendable, CaseIterable {
    case none, start, middle, end
}

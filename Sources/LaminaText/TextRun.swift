/// A piece of text with its own font, size and color: the input of `TextLayout`.
public struct TextRun: Sendable {
    /// The characters.
    public var text: String
    /// The face that draws them (characters it lacks go to the fallback).
    public var font: FontFace
    /// Size in points (device pixels per point come from `TextLayoutOptions.scale`).
    public var fontSize: Double
    /// An opaque token for the run's color, handed back on every glyph of the run.
    public var color: Int

    public init(_ text: String, font: FontFace, fontSize: Double, color: Int = 0) {
        self.text = text
        self.font = font
        self.fontSize = fontSize
        self.color = color
    }
}

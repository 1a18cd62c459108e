import LaminaText

/// 200 wrapped labels of ≈ 44 glyphs (≈ 8 800 glyphs): 3 sizes, 2 fonts (DejaVu Sans and Serif), every tenth
/// label Hebrew with digits (right-to-left), every seventh with an emoji from Noto Color Emoji.
struct TextLabels {
    let labels: [(run: TextRun, options: TextLayoutOptions)]
    let fallback: FontList

    init() throws {
        let sans = try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let serif = try FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        let emoji = try FontFace(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
        fallback = FontList([sans, emoji])
        let latin = "The quick brown fox jumps over the lazy dog"
        let hebrew = "\u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{05E2}\u{05D5}\u{05DC}\u{05DD} 2024 \u{05D8}\u{05E7}\u{05E1}\u{05D8} "
            + "\u{05D0}\u{05E8}\u{05D5}\u{05DA} \u{05D9}\u{05D5}\u{05EA}\u{05E8} \u{05DE}\u{05D6}\u{05D4}"
        let sizes = [14.0, 18, 24]
        labels = (0..<200).map { i in
            let text = (i % 10 == 9 ? hebrew : "\(latin) \(i)") + (i % 7 == 0 ? " \u{1F600}" : "")
            return (TextRun(text, font: i % 2 == 0 ? sans : serif, fontSize: sizes[i % 3]),
                    TextLayoutOptions(width: 300, scale: 1, isWrapped: true))
        }
    }

    /// Lays out every label; returns the number of glyphs.
    func layOut() -> Int {
        labels.reduce(0) { $0 + TextLayout(runs: [$1.run], font: $1.run.font, options: $1.options, fallback: fallback).glyphCount }
    }
}

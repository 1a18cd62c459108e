import Foundation
@testable import LaminaText

/// The font files the text tests name by path (installed by tools/setup: fonts-dejavu-core, fonts-noto-core,
/// fonts-noto-color-emoji), loaded once.
enum TestFonts {
    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let notoSansPath = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
    static let notoArabicPath = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"
    static let notoDevanagariPath = "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf"
    static let notoHebrewPath = "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"
    static let notoEmojiPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    static let dejaVu = load(dejaVuPath)
    static let notoSans = load(notoSansPath)
    static let notoArabic = load(notoArabicPath)
    static let notoDevanagari = load(notoDevanagariPath)
    static let notoHebrew = load(notoHebrewPath)
    static let notoEmoji = load(notoEmojiPath)

    private static func load(_ path: String) -> FontFace {
        do { return try FontFace(path: path) } catch { fatalError("test font missing (run tools/setup): \(error)") }
    }

    /// One line of `text` in `face` at 16 px, unbounded.
    static func line(_ text: String, _ face: FontFace, size: Double = 16, fallback: (any FontFallback)? = nil) -> TextLine {
        TextLayout(runs: [TextRun(text, font: face, fontSize: size)], font: face,
                   options: TextLayoutOptions(width: 100_000), fallback: fallback).lines[0]
    }

    /// The advance of `text` as one line (its content width).
    static func width(_ text: String, _ face: FontFace, size: Double = 16) -> Double {
        line(text, face, size: size).width
    }
}

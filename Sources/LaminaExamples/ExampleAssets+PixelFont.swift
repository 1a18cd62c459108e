import Lamina

extension ExampleAssets {
    /// The LCD digit sprite sheet of Figure 4.16: the digits 0–9 of a 5×7 pixel font in one row of
    /// equal cells (`digitCellWidth` × `digitCellHeight`, 28×36 px; the sheet is 280×36), each glyph
    /// drawn at 4 px per font pixel with one font pixel of padding around it. Dark ink on LCD green,
    /// crisp: the sheet holds exactly two colors. Cell `d` is `contentsRect` `[d × 0.1, 0, 0.1, 1]`.
    @Sendable public static func digits() -> Bitmap {
        var canvas = AssetCanvas(width: digitCellWidth * 10, height: digitCellHeight, fill: lcdBackground)
        for digit in 0..<10 {
            PixelFont.draw(String(digit), into: &canvas, x: digit * digitCellWidth + digitPixelSize,
                           y: digitPixelSize, pixelSize: digitPixelSize, color: lcdInk)
        }
        return canvas.bitmap()
    }

    /// The button label of Listing 4.7 / Figure 4.20: "Hello World" in the same pixel font (3 px per
    /// font pixel), black and crisp, centered on a transparent 220×60 image — the 110×30-point label
    /// at scale 2. The label layer supplies the white background.
    @Sendable public static func helloLabel() -> Bitmap {
        let text = "Hello World"
        let pixelSize = 3
        var canvas = AssetCanvas(width: helloLabelWidth, height: helloLabelHeight)
        let textWidth = PixelFont.width(of: text) * pixelSize
        let textHeight = PixelFont.glyphHeight * pixelSize
        PixelFont.draw(text, into: &canvas, x: (helloLabelWidth - textWidth) / 2,
                       y: (helloLabelHeight - textHeight) / 2, pixelSize: pixelSize, color: .black)
        return canvas.bitmap()
    }

    /// Column captions for Figures 4.14 and 4.15, as a sprite sheet: one row per entry of
    /// `filterCaptionTexts` ("LINEAR", "NEAREST", "TRILINEAR"), each `filterCaptionWidth` ×
    /// `filterCaptionRowHeight` px (112×18) with the word in the pixel font at 2 px per font pixel,
    /// left-aligned, dark gray on transparent, crisp. Row `i` is `contentsRect` `[0, i/3, 1, 1/3]`.
    @Sendable public static func filterCaptions() -> Bitmap {
        let rows = filterCaptionTexts.count
        var canvas = AssetCanvas(width: filterCaptionWidth, height: filterCaptionRowHeight * rows)
        for (i, text) in filterCaptionTexts.enumerated() {
            PixelFont.draw(text, into: &canvas, x: 2, y: i * filterCaptionRowHeight + 2, pixelSize: 2,
                           color: Color(white: 0.2))
        }
        return canvas.bitmap()
    }

    /// The tiny image of Figure 4.15: a 16×16 space invader on a night sky with a few stars and a strip
    /// of ground, opaque, one flat color per pixel and no diagonals.
    @Sendable public static func pixelArt() -> Bitmap {
        let palette: [Character: Color] = [
            ".": Color(red: 0.06, green: 0.07, blue: 0.20),
            "*": Color(red: 1.0, green: 0.95, blue: 0.55),
            "#": Color(red: 0.30, green: 0.90, blue: 0.35),
            "o": Color(red: 0.95, green: 0.25, blue: 0.30),
            "=": Color(red: 0.55, green: 0.42, blue: 0.30),
            "-": Color(red: 0.36, green: 0.26, blue: 0.18),
        ]
        let rows = [
            "......*.........",
            ".*...........*..",
            "................",
            "....#.....#.....",
            ".....#...#......",
            "....#######.....",
            "...##o###o##....",
            "..###########...",
            "..#.#######.#...",
            "..#.#.....#.#...",
            ".....##.##....*.",
            "................",
            ".*..............",
            "..........*.....",
            "================",
            "-=-=-=-=-=-=-=-=",
        ]
        var canvas = AssetCanvas(width: pixelArtSide, height: pixelArtSide)
        for (y, row) in rows.enumerated() {
            for (x, key) in row.enumerated() {
                canvas.set(palette[key] ?? .clear, x: x, y: y)
            }
        }
        return canvas.bitmap()
    }
}

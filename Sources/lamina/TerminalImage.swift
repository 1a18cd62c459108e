import Lamina

/// Draws a bitmap on a 24-bit colour terminal with upper-half-block characters (two pixel rows a line).
enum TerminalImage {
    static func render(_ bitmap: Bitmap, maxColumns: Int) -> String {
        let step = max(1, (bitmap.width + maxColumns - 1) / maxColumns)
        var out = ""
        var y = 0
        while y < bitmap.height {
            var x = 0
            while x < bitmap.width {
                let top = bitmap[x, y], bottom = bitmap[x, min(y + step, bitmap.height - 1)]
                out += "\u{1B}[38;2;\(top[0]);\(top[1]);\(top[2])m\u{1B}[48;2;\(bottom[0]);\(bottom[1]);\(bottom[2])m▀"
                x += step
            }
            out += "\u{1B}[0m\n"
            y += 2 * step
        }
        return out
    }
}

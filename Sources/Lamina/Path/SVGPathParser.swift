extension SVGPath {
    /// Parses SVG path data (commands M L H V C S Q T A Z, absolute and relative) into absolute segments.
    ///
    /// Follows the SVG 1.1 path grammar: implicit repetition of a command's arguments, `M` followed by
    /// implicit `L`, compact numbers (`1.5.5`, `-1-2`) and compact arc flags (`a1 1 0 011 1`). Arcs
    /// become cubic Béziers (`SVGArc`). Empty data is an empty path.
    public static func parse(_ data: String) throws(SVGPathError) -> SVGPath {
        var scanner = SVGPathScanner(Array(data.utf8))
        var builder = SVGPathBuilder()
        var command: UInt8?
        while true {
            scanner.skipSeparators(allowComma: false)
            if scanner.atEnd { break }
            let c = scanner.peek
            if SVGPathScanner.isCommand(c) {
                scanner.advance()
                command = c
            } else if command == nil {
                throw SVGPathError(offset: scanner.pos, message: "expected a moveto command (M or m), got \(scanner.describeCurrent())")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw SVGPathError(offset: scanner.pos, message: "expected a command after Z, got \(scanner.describeCurrent())")
            }
            guard let cmd = command else { break }
            if builder.segments.isEmpty && cmd != UInt8(ascii: "M") && cmd != UInt8(ascii: "m") {
                throw SVGPathError(offset: scanner.pos - 1, message: "path data must begin with M or m, got '\(Character(Unicode.Scalar(cmd)))'")
            }
            try builder.apply(cmd, scanner: &scanner)
            if cmd == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if cmd == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
        }
        return SVGPath(segments: builder.segments)
    }
}

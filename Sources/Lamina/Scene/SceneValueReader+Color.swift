extension SceneValueReader {
    /// The names scenes may use for colors, in the order SCENE_FORMAT.md lists them.
    static let colorNames = ["clear", "black", "white", "gray", "lightGray", "darkGray", "red", "green", "blue",
                             "cyan", "yellow", "magenta", "orange", "purple", "brown"]

    static let colorForms = "a color (\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\", [r, g, b], [r, g, b, a] with components 0…1, or a name such as \"red\")"

    /// A color: `"#RGB"`, `"#RRGGBB"`, `"#RRGGBBAA"`, `[r,g,b]`, `[r,g,b,a]` (0…1) or a UIColor name.
    func color(_ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Color {
        switch v {
        case .string(let s):
            if s.hasPrefix("#") { return try hexColor(s, v, path) }
            if let c = Color.named[s] { return c }
            let near = KeySuggestion.close(to: s, in: SceneValueReader.colorNames)
            throw fail(path, "unknown color name \(v.brief)" + (near.map { "; did you mean \"\($0)\"?" } ?? ""))
        case .array(let items) where items.count == 3 || items.count == 4:
            var c: [Double] = []
            for (i, item) in items.enumerated() {
                c.append(try unit(item, path.index(i), what: "a color component in 0…1"))
            }
            return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
        default:
            throw expected(SceneValueReader.colorForms, path, got: v)
        }
    }

    private func hexColor(_ s: String, _ v: JSONValue, _ path: JSONPath) throws(SceneError) -> Color {
        let digits = Array(s.utf8.dropFirst())
        var values: [Int] = []
        for d in digits {
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(Int(d - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(Int(d - UInt8(ascii: "a")) + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(Int(d - UInt8(ascii: "A")) + 10)
            default: values = []
            }
            if values.isEmpty { break }
        }
        let channels: [Double]
        switch (values.count, digits.count) {
        case (3, 3): channels = values.map { Double($0 * 17) / 255 } + [1]
        case (6, 6), (8, 8):
            channels = stride(from: 0, to: values.count, by: 2).map { Double(values[$0] * 16 + values[$0 + 1]) / 255 }
                + (values.count == 6 ? [1] : [])
        default:
            throw expected("a hex color \"#RGB\", \"#RRGGBB\" or \"#RRGGBBAA\"", path, got: v)
        }
        return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
    }
}

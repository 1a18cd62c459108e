import Lamina

extension SceneFromBytes {
    static let svgCommands: [(letter: String, arguments: Int)] = [
        ("M", 2), ("m", 2), ("L", 2), ("l", 2), ("H", 1), ("h", 1), ("V", 1), ("v", 1), ("C", 6), ("c", 6),
        ("S", 4), ("s", 4), ("Q", 4), ("q", 4), ("T", 2), ("t", 2), ("A", 7), ("a", 7), ("Z", 0), ("z", 0),
    ]

    /// A shadow path: rect, ellipse, rounded rect, SVG data through the parser (arcs included), or
    /// segments built directly; nil for data the parser refuses (the decoder would refuse the scene).
    mutating func path() -> Path? {
        switch input.choice(5) {
        case 0: return .rect(rect())
        case 1: return .ellipse(rect())
        case 2: return .roundedRect(rect(), radius: input.nonNegative(scale: 0.25))
        case 3: return (try? SVGPath.parse(svgData())).map { .svg($0, fillRule: input.pick(FillRule.allCases)) }
        default: return .svg(SVGPath(segments: segments()), fillRule: input.pick(FillRule.allCases))
        }
    }

    /// SVG path data of up to 16 random commands after a moveto, with numbers as Swift prints them
    /// (`1e+308`, `5e-324`, `-0.0`) and arc flags 0 or 1.
    mutating func svgData() -> String {
        var words = [input.bool() ? "m" : "M", svgNumber(), svgNumber()]
        for _ in 0..<input.int(in: 0...16) {
            let (letter, arguments) = input.pick(Self.svgCommands)
            words.append(letter)
            for i in 0..<arguments {
                let isFlag = letter.lowercased() == "a" && (i == 3 || i == 4)
                words.append(isFlag ? (input.bool() ? "1" : "0") : svgNumber())
            }
        }
        return words.joined(separator: input.bool() ? "," : " ")
    }

    private mutating func svgNumber() -> String {
        let v = input.number()
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }

    /// Absolute segments as `SVGPath.parse` makes them: a move first, then anything.
    mutating func segments() -> [SVGPath.Segment] {
        var out: [SVGPath.Segment] = [.move(point())]
        for _ in 0..<input.int(in: 0...16) {
            switch input.choice(5) {
            case 0: out.append(.move(point()))
            case 1: out.append(.line(point()))
            case 2: out.append(.quad(point(), point()))
            case 3: out.append(.cubic(point(), point(), point()))
            default: out.append(.close)
            }
        }
        return out
    }
}

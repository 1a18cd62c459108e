import Foundation
import Lamina

/// The drawing subclasses (SCENE_FORMAT.md "Layer classes (v1.2)"): text, gradient and shape content with
/// the values the decoder allows, hostile ones included (font sizes up to 4096 points, long strings,
/// 1024-number dash patterns of tiny lengths, 1024 gradient stops, coincident points), and animations of
/// their key paths (paths, dash phase, colors, locations, font size) that the scene is sampled through.
extension SceneFromBytes {
    /// The name of the scene font in `fonts`.
    static let sceneFontName = "fuzz"
    /// DejaVu Sans from the system, read once; nil when it is not installed (the name then falls back).
    static let sceneFont: FontData? = {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return FontData(bytes: [UInt8](data), source: path)
    }()
    static let fontNames = [sceneFontName, "DejaVu Sans", "DejaVu Serif:Bold", "Helvetica", "No Such Family:Italic", "", "DejaVu Sans Mono"]
    static let strings = [
        "Hag", "fi ffl office", "سلام عليكم", "字字字字", "😀✓", "e\u{301}\u{302}\u{303}", "\n", " ", "",
        "line one\nline two wraps here\r\nthree\u{2029}four", "\u{202E}override\u{202C} mixed עברית 123",
        "averyveryverylongwordwithoutanybreakopportunity", "\t\u{0}\u{FEFF}\u{200D}\u{FFFD}",
    ]
    static let fontSizes: [Double] = [12, 36, 0.001, .leastNonzeroMagnitude, 1, 200, 4095.999, 4096, 1000, 0.5]
    static let dashLengths: [Double] = [1e-9, 0.001, .leastNonzeroMagnitude, 0, 1e-300, 0.01]

    mutating func textContent() -> TextContent {
        var text = TextContent(string: "", font: input.pick(Self.fontNames), fontSize: fontSize(),
                               foregroundColor: color(), alignmentMode: input.pick(TextAlignmentMode.allCases),
                               isWrapped: input.bool(), truncationMode: input.pick(TextTruncationMode.allCases),
                               contentsScale: input.bool() ? scaleFactor() : nil)
        for _ in 0..<input.int(in: 1...4) {
            var span = TextSpan(string())
            if input.bool() { span.font = input.pick(Self.fontNames) }
            if input.bool() { span.fontSize = fontSize() }
            if input.bool() { span.foregroundColor = color() }
            text.runs.append(span)
        }
        return text
    }

    /// One of the strings, sometimes repeated up to 2000 times.
    private mutating func string() -> String {
        let s = input.pick(Self.strings)
        return String(repeating: s, count: input.pick([1, 1, 2, 10, 100, 2000]))
    }

    /// A size in (0, 4096] points.
    private mutating func fontSize() -> Double {
        input.choice(3) == 2 ? min(input.positive(scale: 0.5), 4096) : input.pick(Self.fontSizes)
    }

    mutating func gradientContent() -> GradientContent {
        let count = input.pick([2, 0, 1, 3, 5, 16, 257, 1024])
        var colors = [Color]()
        for i in 0..<count { colors.append(i < 8 ? color() : Color(red: Double(i % 7) / 6, green: 0.5, blue: 1, alpha: 1)) }
        var locations: [Double]?
        switch input.choice(4) {
        case 1: locations = (0..<count).map { _ in input.unit() }.sorted()
        case 2: locations = [Double](repeating: input.unit(), count: count)
        case 3: locations = (0..<count).map { Double($0) / Double(max(count, 1)) * 1e-12 }
        default: locations = nil
        }
        let start = gradientPoint()
        let end = input.choice(4) == 0 ? start : gradientPoint()
        return GradientContent(colors: colors, locations: locations, startPoint: start, endPoint: end,
                               type: input.pick(GradientType.allCases))
    }

    /// Mostly in the unit square, sometimes any point.
    private mutating func gradientPoint() -> Point {
        input.choice(4) == 3 ? point() : Point(input.unit(), input.unit())
    }

    mutating func shapeContent() -> ShapeContent {
        ShapeContent(path: shapePath(), fillColor: color(), fillRule: input.pick(FillRule.allCases),
                     strokeColor: input.bool() ? color() : .clear, lineWidth: input.nonNegative(scale: 0.125),
                     lineCap: input.pick(LineCap.allCases), lineJoin: input.pick(LineJoin.allCases),
                     miterLimit: 1 + input.nonNegative(scale: 0.125), lineDashPattern: dashPattern(),
                     lineDashPhase: input.number(scale: 0.25), strokeStart: input.unit(), strokeEnd: input.unit())
    }

    /// A path without a fill rule of its own (the shape layer's `fillRule` applies).
    private mutating func shapePath() -> Path? {
        guard let p = path() else { return nil }
        if case .svg(let svg, _) = p { return .svg(svg, fillRule: .nonZero) }
        return p
    }

    /// Nil, a short pattern, or up to 1024 numbers of tiny lengths; never all zero.
    private mutating func dashPattern() -> [Double]? {
        switch input.choice(4) {
        case 0: return nil
        case 1: return (0..<input.int(in: 1...6)).map { _ in input.nonNegative(scale: 0.25) }.map { $0 == 0 ? 1 : $0 }
        default:
            let n = input.pick([1024, 1023, 512, 2, 3])
            let tiny = input.pick(Self.dashLengths)
            var pattern = (0..<n).map { i in i % 2 == 0 ? tiny : Self.dashLengths[i % Self.dashLengths.count] }
            if pattern.allSatisfy({ $0 == 0 }) { pattern[0] = 1e-9 }
            return pattern
        }
    }

    /// An animation of one of the content's key paths (added when the layer's class has it), from the
    /// model's value or a generated one to another.
    mutating func contentAnimation(for layer: inout Layer) {
        let value: (AnimationKeyPath, AnimationValue, AnimationValue)?
        switch layer.content {
        case .text:
            value = input.bool()
                ? (.fontSize, .number(fontSize()), .number(fontSize()))
                : (.foregroundColor, .color(color()), .color(color()))
        case .gradient(let g):
            switch input.choice(3) {
            case 0: value = (.colors, .colors(g.colors), .colors(g.colors.map { _ in color() }))
            case 1: value = (.locations, .numbers(g.stopLocations), .numbers(g.stopLocations.map { _ in input.unit() }.sorted()))
            default: value = (.startPoint, .point(g.startPoint), .point(point()))
            }
        case .shape:
            switch input.choice(4) {
            case 0, 1: value = (.path, .path(shapePath() ?? .rect(.zero)), .path(shapePath() ?? .ellipse(rect())))
            case 2: value = (.lineDashPhase, .number(input.number()), .number(input.number()))
            default: value = (.strokeEnd, .number(input.unit()), .number(input.unit()))
            }
        case nil: value = nil
        }
        guard let (keyPath, from, to) = value else { return }
        var animation = Animation(keyPath: keyPath, from: from, to: to, duration: input.pick([1, 0.25, 1e-9, 1e9]))
        animation.autoreverses = input.bool()
        try? layer.add(animation)
    }
}

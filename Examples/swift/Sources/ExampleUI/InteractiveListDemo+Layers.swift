import Lamina

/// The layers of the demo, as values before they go into the tree.
extension InteractiveListDemo {
    static func text(_ frame: Rect, _ string: String, size: Double, color: Color, font: String,
                     alignment: TextAlignmentMode = .natural) -> Layer {
        var l = Layer()
        l.setFrame(frame)
        l.text = TextContent(string: string, font: font, fontSize: size, foregroundColor: color, alignmentMode: alignment)
        return l
    }

    static func title(_ font: String) -> Layer {
        text(Rect(20, 24, 300, 40), "Lamina UI", size: 30, color: Color(red: 0.1, green: 0.1, blue: 0.12), font: font + ":Bold")
    }

    static func makeLabel(_ font: String) -> Layer {
        var l = text(Rect(20, 72, 300, 28), "Tapped 0 times", size: 17, color: Color(red: 0.4, green: 0.4, blue: 0.45), font: font)
        l.name = "label"
        return l
    }

    static func makeButton(_ font: String) -> Layer {
        var b = Layer(name: "button")
        b.setFrame(Rect(340, 28, 120, 48))
        b.cornerRadius = 12
        b.backgroundColor = buttonColor
        b.sublayers = [text(Rect(0, 12, 120, 28), "Tap", size: 19, color: .white, font: font + ":Bold", alignment: .center)]
        return b
    }

    static func list(_ font: String) -> Layer {
        var viewport = Layer(name: "list")
        viewport.setFrame(viewport_)
        viewport.masksToBounds = true
        viewport.backgroundColor = .white
        var content = Layer(name: "content")
        content.anchorPoint = Point(0, 0)
        content.bounds = Rect(0, 0, viewport_.width, Double(rowCount) * rowHeight)
        content.position = Point(0, 0)
        content.sublayers = (0..<rowCount).map { row(Int($0), width: viewport_.width, font: font) }
        viewport.sublayers = [content]
        return viewport
    }

    private static var viewport_: Rect { viewport }

    static let palette = [Color(red: 1.0, green: 0.42, blue: 0.42), Color(red: 1.0, green: 0.66, blue: 0.3),
                          Color(red: 0.98, green: 0.85, blue: 0.3), Color(red: 0.45, green: 0.82, blue: 0.5),
                          Color(red: 0.35, green: 0.7, blue: 0.95), Color(red: 0.62, green: 0.5, blue: 0.95)]

    static func row(_ i: Int, width: Double, font: String) -> Layer {
        var r = Layer(name: "row-\(i)")
        r.setFrame(Rect(0, Double(i) * rowHeight, width, rowHeight))
        var dot = Layer()
        dot.setFrame(Rect(20, 16, 32, 32))
        dot.cornerRadius = 16
        dot.backgroundColor = palette[i % palette.count]
        var separator = Layer()
        separator.setFrame(Rect(68, rowHeight - 1, width - 68, 1))
        separator.backgroundColor = Color(red: 0.85, green: 0.85, blue: 0.87)
        r.sublayers = [dot, text(Rect(68, 18, width - 88, 28), "Row \(i + 1)", size: 17, color: .black, font: font), separator]
        return r
    }

    static func card(_ name: String, _ frame: Rect, _ color: Color, _ font: String) -> Layer {
        var c = Layer(name: name)
        c.setFrame(frame)
        c.cornerRadius = 18
        c.backgroundColor = color
        c.shadowOpacity = 0.3
        c.shadowRadius = 12
        c.shadowOffset = Size(0, 6)
        c.sublayers = [text(Rect(18, 16, frame.width - 36, 30), "Drag me", size: 20, color: .white, font: font + ":Bold"),
                       text(Rect(18, 52, frame.width - 36, 40), "and throw", size: 15, color: .white, font: font)]
        return c
    }
}

import Lamina

/// A frame's steps as text, one pass per paragraph (`lamina frame`): what each pass draws into, then its
/// clears and draws — program, quads, textures, blending — and where the frame flushed.
struct FrameStepsDescription: CustomStringConvertible {
    let steps: [GPUStep]
    /// Names for the framebuffers the frame knows (the canvas, atlas pages, text run cache layers).
    let names: [UInt32: String]

    var description: String {
        var lines: [String] = []
        var framebuffer: UInt32?
        var passes = 0, draws = 0, quads = 0, flushes = 0
        for step in steps {
            if let target = step.target, target.framebuffer != framebuffer {
                framebuffer = target.framebuffer
                passes += 1
                let name = names[target.framebuffer] ?? "target \(target.textureWidth)×\(target.textureHeight) \(target.format)"
                lines.append("pass \(passes): \(name)")
            }
            switch step {
            case .clear(let target, let rects, let color):
                let area = rects.map { "\($0.count) rect\($0.count == 1 ? "" : "s")" } ?? "all"
                lines.append("  clear \(area) to \(Self.text(color))" + Self.region(target))
            case .draw(let d):
                draws += 1
                quads += d.quadCount
                var line = "  draw \(Self.shortName(d.program.description)) ×\(d.quadCount)"
                if !d.textures.isEmpty { line += ", textures on units \(d.textures.map { String($0.unit) }.joined(separator: ","))" }
                if !d.blending { line += ", no blending" }
                lines.append(line + Self.region(d.target))
            case .flush:
                flushes += 1
                lines.append("flush")
            }
        }
        lines.append("\(Self.count(steps.count, "step")): \(Self.count(passes, "pass", "passes")), \(Self.count(draws, "draw")) of "
                     + "\(Self.count(quads, "quad")), \(Self.count(flushes, "flush", "flushes"))")
        return lines.joined(separator: "\n")
    }

    private static func count(_ n: Int, _ one: String, _ many: String? = nil) -> String {
        "\(n) \(n == 1 ? one : many ?? one + "s")"
    }

    /// " in region (x, y) w×h" for a step onto part of its texture.
    private static func region(_ t: RenderTarget) -> String {
        t.isRegion ? " in region (\(t.originX), \(t.originY)) \(t.width)×\(t.height)" : ""
    }

    /// A program's fragment shader and its switches, without the parameter slots of instanced variants
    /// ("card.frag [LAMINA_INSTANCED]").
    static func shortName(_ name: String) -> String {
        let fragment = name.components(separatedBy: " + ").last ?? name
        return fragment.components(separatedBy: " [").enumerated()
            .filter { $0.offset == 0 || !$0.element.contains("=") }
            .map(\.element).joined(separator: " [")
    }

    private static func text(_ c: PremultipliedColor) -> String {
        "(\([c.red, c.green, c.blue, c.alpha].map { Format.number($0) }.joined(separator: ", ")))"
    }
}

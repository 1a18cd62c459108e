import Lamina
import Testing

/// Gradients evaluated per pixel (`DrawCommand.gradient`: the GPU's fragment shader, the CPU's cached pixels)
/// agree within 1/255 over every kind, fractional bounds, hard stops, translucent stops, opacity and rounded
/// clips; turned layers and gradients of more than `GradientDraw.maxStops` colors stay images.
@Suite struct GradientShaderTests {
    static func gradient(_ frame: Rect, _ g: GradientContent, _ configure: (inout Layer) -> Void = { _ in }) -> Layer {
        Harness.layer(frame) {
            $0.gradient = g
            configure(&$0)
        }
    }

    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0.3, blue: 1)
    static let clearGreen = Color(red: 0, green: 0.8, blue: 0.2, alpha: 0.3)

    @Test func everyKindAgreesOnBothBackends() throws {
        let wheel: [Color] = (0..<12).map { (i: Int) -> Color in
            let r = Double(i % 3) / 2, g = Double(i % 4) / 3, b = Double(i % 5) / 4
            return Color(red: r, green: g, blue: b)
        }
        let layers: [Layer] = [
            Self.gradient(Rect(4.5, 4.25, 150.5, 60.5), GradientContent(colors: [Self.red, Self.clearGreen, Self.blue],
                                                                          locations: [0.1, 0.5, 0.5], startPoint: Point(0, 0), endPoint: Point(1, 1))),
            Self.gradient(Rect(160, 4, 100, 100), GradientContent(colors: [.white, Self.clearGreen, Self.blue],
                                                                  startPoint: Point(0.5, 0.5), endPoint: Point(1, 0.8), type: .radial)) {
                $0.cornerRadius = 24; $0.masksToBounds = true; $0.opacity = 0.7
            },
            Self.gradient(Rect(270, 4, 110, 110), GradientContent(colors: wheel, startPoint: Point(0.5, 0.5), endPoint: Point(1, 0.5),
                                                                  type: .conic)),
            Self.gradient(Rect(4, 80, 100, 40), GradientContent(colors: [Self.red, Self.blue], startPoint: Point(0.3, 0.3),
                                                                endPoint: Point(0.3, 0.3))),
            Self.gradient(Rect(120, 120, 120, 50), GradientContent(colors: [Self.red, Self.blue])) { $0.affineTransform = .rotation(0.3) },
            Self.gradient(Rect(260, 130, 120, 40), GradientContent(colors: wheel + wheel, startPoint: Point(0, 0.5), endPoint: Point(1, 0.5))),
        ]
        let scene = Harness.scene(400, 200, scale: 2, layers)
        let plan = try RenderPlanner.plan(scene)
        let shaded = plan.commands.filter { if case .gradient = $0 { return true } else { return false } }.count
        #expect(shaded == 4, "the four upright gradients of at most 16 colors are drawn per pixel")
        #expect(plan.images.count == 2, "the turned one and the one of 24 colors are images")
        let gpu = try Harness.render(scene, on: "gpu"), cpu = try Harness.render(scene, on: "cpu")
        #expect(IncrementalPropertyTests.maxDifference(gpu, cpu) <= 1)
        let mid = cpu.rgba(2 * 80, 2 * 35)
        #expect(mid[3] == 255 && mid[2] > 200 && mid[0] == 0, "past the hard stop at 0.5 the ramp is blue")
    }
}

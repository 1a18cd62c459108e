import Lamina
import LaminaCPU
import LaminaGLES
import Testing

/// A plan that breaks the offscreen rules is refused by `SurfaceTree` before drawing, with the same
/// internal error (exit 3) and the same line on both backends.
@Suite("Malformed plans: one error kind and message on both backends", .serialized)
struct MalformedPlanTests {
    static let fill = DrawCommand.fill(Fill(shape: RoundedRect(rect: Rect(0, 0, 4, 4), cornerRadius: 0), transform: .identity,
                                            color: PremultipliedColor(red: 1, green: 0, blue: 0, alpha: 1), clip: .none))

    static func composite(_ id: OffscreenID) -> DrawCommand {
        .image(ImageDraw(source: .offscreen(id), destination: Rect(0, 0, 4, 4), sourceRect: Rect(0, 0, 1, 1),
                         transform: .identity, sampling: .nearest, opacity: 1, clip: .none))
    }

    static func plan(_ commands: [DrawCommand], offscreens: Int = 1) -> RenderPlan {
        RenderPlan(width: 8, height: 8, clearColor: PremultipliedColor(red: 1, green: 1, blue: 1, alpha: 1),
                   offscreens: (0..<offscreens).map { _ in Offscreen(width: 4, height: 4, reason: .groupOpacity(layer: "g")) },
                   commands: commands)
    }

    static let cases: [(String, RenderPlan)] = [
        ("ends an offscreen that was not begun", plan([fill, .endOffscreen], offscreens: 0)),
        ("begins offscreen 1; the plan has 1", plan([.beginOffscreen(1), .endOffscreen])),
        ("begins offscreen 0 a second time", plan([.beginOffscreen(0), .endOffscreen, .beginOffscreen(0), .endOffscreen])),
        ("reads offscreen 0 before its endOffscreen", plan([.beginOffscreen(0), composite(0), .endOffscreen])),
        ("reads unknown offscreen 3", plan([.beginOffscreen(0), .endOffscreen, composite(3)])),
        ("the plan ends inside offscreen 0", plan([.beginOffscreen(0), fill])),
        ("offscreen 1 is never drawn", plan([.beginOffscreen(0), .endOffscreen, composite(0)], offscreens: 2)),
        ("draws image 0; the plan has 0", plan([.image(ImageDraw(source: .image(index: 0, crop: PixelRect(x: 0, y: 0, width: 1, height: 1)),
                                                                  destination: Rect(0, 0, 1, 1), sourceRect: Rect(0, 0, 1, 1),
                                                                  transform: .identity, sampling: .nearest, opacity: 1, clip: .none))],
                                                offscreens: 0)),
    ]

    @Test("each broken rule is an internal error naming it, alike on the CPU and the GPU", arguments: 0..<cases.count)
    func refused(_ index: Int) throws {
        let (expected, plan) = MalformedPlanTests.cases[index]
        var messages: [String] = []
        for name in Harness.backends {
            do {
                _ = try Harness.backend(name).render(plan)
                Issue.record("\(name) rendered a malformed plan (\(expected))")
            } catch let error as RenderError {
                #expect(error.kind == .internal, "\(name): \(error)")
                #expect(error.message.contains(expected), "\(name): \(error.message)")
                messages.append(error.message)
            }
        }
        #expect(Set(messages).count == 1, "\(messages)")
    }

    @Test("a well-formed plan's tree: parents, ends and readers")
    func tree() throws {
        let plan = MalformedPlanTests.plan([.beginOffscreen(0), .beginOffscreen(1), MalformedPlanTests.fill, .endOffscreen,
                                            MalformedPlanTests.composite(1), .endOffscreen, MalformedPlanTests.composite(0),
                                            MalformedPlanTests.composite(0)], offscreens: 2)
        let tree = try SurfaceTree(plan)
        #expect(tree.surfaces[0] == SurfaceTree.Surface(parent: nil, begin: 0, end: 5, readers: [6, 7]))
        #expect(tree.surfaces[1] == SurfaceTree.Surface(parent: 0, begin: 1, end: 3, readers: [4]))
        #expect(try tree.end(ofBeginAt: 1) == 3)
        #expect(tree.children(of: nil) == [0] && tree.children(of: 0) == [1])
        #expect(tree.releasePoints() == [7: [0], 4: [1]])
    }
}

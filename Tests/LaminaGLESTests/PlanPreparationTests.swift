import Lamina
import Testing
@testable import LaminaGLES

@Suite("The plan's preparation is reused for the same plan value only", .serialized)
struct PlanPreparationTests {
    static let switches = PlanPreparation.Switches(visibility: true, atlas: true)

    @Test("the same value matches; a changed copy, another size or other switches do not")
    func matching() throws {
        let plan = OffscreenLifetimeTests.plan(count: 3)
        let preparation = try PlanPreparation(plan: plan, switches: PlanPreparationTests.switches, atlasPage: (1024, 512))
        let copy = plan
        #expect(preparation.isFor(copy, switches: PlanPreparationTests.switches))
        #expect(preparation.visibility != nil && preparation.atlas != nil)
        var changed = plan
        changed.commands[1] = TestSupport.fill(Rect(0, 0, 8, 8), color: TestSupport.blue)
        #expect(!preparation.isFor(changed, switches: PlanPreparationTests.switches))
        var resized = plan
        resized.width += 1
        #expect(!preparation.isFor(resized, switches: PlanPreparationTests.switches))
        #expect(!preparation.isFor(plan, switches: .init(visibility: false, atlas: true)))
        let rebuilt = OffscreenLifetimeTests.plan(count: 3)
        #expect(!preparation.isFor(rebuilt, switches: PlanPreparationTests.switches))
    }

    @Test("switching between two plans and back draws each as when it was first drawn")
    func alternatingPlans() throws {
        let backend = try TestSupport.backend()
        let a = OffscreenLifetimeTests.plan(count: 4)
        var b = a
        for i in b.commands.indices {
            if case .fill = b.commands[i] { b.commands[i] = TestSupport.fill(Rect(2, 2, 4, 4), color: TestSupport.blue) }
        }
        let first = try backend.render(a), other = try backend.render(b), again = try backend.render(a)
        #expect(first.pixels != other.pixels)
        #expect(again.pixels == first.pixels)
        #expect(try backend.render(b).pixels == other.pixels)
    }
}

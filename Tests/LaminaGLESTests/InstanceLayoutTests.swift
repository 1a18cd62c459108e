import Foundation
import Lamina
import Testing
@testable import LaminaGLES

/// The instanced parameter layouts: one definition in Swift, read by the shaders through the names it
/// defines, so slot numbers appear nowhere else.
@Suite("Instance layouts")
struct InstanceLayoutTests {
    @Test("within a layout no two fields share a component, and a clip shape still fits after the kind's own")
    func fieldsAreDisjoint() {
        for kind in DrawPrograms.InstancedKind.all {
            var used = Set<Int>()
            let fields = kind.layout.fields + (kind.clipped ? InstanceLayout.clipShape(at: kind.layout.slots).fields : [])
            for f in fields {
                for c in f.first..<(f.first + f.count) {
                    let fresh = used.insert(f.slot * 4 + c).inserted
                    #expect(fresh, "\(kind.layout.name): \(f.name) overlaps another field")
                }
                #expect(f.first + f.count <= 4 && f.slot < InstanceLayout.maximumSlots)
            }
        }
    }

    @Test("defines name every field by its slot and components")
    func definesName() {
        let card = InstanceLayout.card.defines(clipped: false)
        #expect(card.contains("P_BORDER_WIDTH=v_p[8].x"))
        #expect(card.contains("P_IMAGE_TRANSLATION=v_p[11].zw"))
        #expect(card.contains("P_FILL_RECT=v_p[4]"))
        #expect(card.contains("LAMINA_PARAMS=12"))
        let fill = InstanceLayout.fill.defines(clipped: true)
        #expect(fill.contains("P_CLIP_ROW0=v_p[5].xyz") && fill.contains("P_CLIP_RADII=v_p[8]") && fill.contains("LAMINA_PARAMS=9"))
    }

    @Test("values land in the slots their field names")
    func parametersByField() {
        var p = InstanceParameters(.shadowFill)
        p.setTransform(inverse: AffineTransform(a: 2, b: 3, c: 4, d: 5, tx: 6, ty: 7), scale: 9)
        p.set("FILL_COLOR", color: PremultipliedColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        #expect(Array(p.values[0..<8]) == [2, 4, 6, 9, 3, 5, 7, 0])
        #expect(Array(p.values[24..<28]) == [0.25, 0.5, 0.75, 1])
        var wider = p.relaid(as: .shadowFillBorder)
        wider.set("BORDER_WIDTH", 2.5)
        #expect(wider.values[28] == 2.5 && Array(wider.values[0..<28]) == Array(p.values[0..<28]))
        let clipped = p.setClip(Clip(shapes: [Clip.Shape(shape: RoundedRect(rect: Rect(1, 2, 30, 40), cornerRadius: 5),
                                                         transform: .translation(10, 20))]))
        #expect(clipped)
        #expect(Array(p.values[28..<32]) == [1, 0, -10, 1] && Array(p.values[36..<40]) == [1, 2, 30, 40])
    }

    @Test("no shader reads an instance slot by number: only common.glsl declares v_p")
    func shadersUseNames() throws {
        let library = try ShaderLibrary(directory: TestSupport.shaderDirectory.path)
        for name in library.fileNames where name != "common.glsl" && name != "instanced.vert" {
            #expect(!(try library.rawSource(name)).contains("v_p["), "\(name) reads v_p[…] directly")
        }
    }
}

import Lamina
import Testing
@testable import LaminaGLES

/// Programs named by value: which program a draw needs is decided without GL, and each key names one
/// distinct program.
@Suite("Program keys")
struct ProgramKeyTests {
    static func clip(_ count: Int, curve: CornerCurve = .circular) -> Clip {
        let shape = Clip.Shape(shape: RoundedRect(rect: Rect(0, 0, 40, 30), cornerRadius: 6, curve: curve), transform: .identity)
        return Clip(shapes: Array(repeating: shape, count: count))
    }

    @Test("every key names a program of its own: distinct numbers and distinct sources")
    func keysAreDistinct() {
        let all = ProgramKey.all
        #expect(all.count == 12 * 6 + 3 + 5 * 2 + 3, "six variants of 12 sets, 3 single programs, 5 instanced sets with a clipped variant, 3 without")
        #expect(Set(all.map(\.index)).count == all.count)
        for fetch in [false, true] {
            let sources = all.map { "\($0.shader.vertex) \($0.shader.fragment) \($0.defines(destinationFetch: fetch))" }
            #expect(Set(sources).count == all.count)
        }
        #expect(all.filter { $0.defines(destinationFetch: true).contains("LAMINA_DESTINATION_FETCH") }.map(\.shader)
                == [.instancedShadowFill, .instancedShadowFill, .instancedShadowFillBorder, .card, .cardImage])
        #expect(all.allSatisfy { !$0.blendsItself(destinationFetch: false) })
    }

    @Test("instanced keys compile with their kind's defines")
    func instancedDefines() {
        for shader in ProgramKey.Shader.allCases {
            guard case .instanced(let kind) = shader.form else { continue }
            let keys = ProgramKey.all.filter { $0.shader == shader }
            #expect(keys.map { $0.defines(destinationFetch: false) } == kind.programDefines, "\(shader)")
            #expect(keys.allSatisfy { $0.shader.vertex == "instanced.vert" && $0.shader.fragment == kind.fragment })
        }
    }

    @Test("a draw's clip picks the variant: no clip code, one shape, several, continuous corners")
    func variantsFollowTheClip() {
        let continuous = RoundedRect(rect: Rect(0, 0, 10, 10), cornerRadius: 3, curve: .continuous)
        #expect(ProgramKey.variant(.fill, for: Clip()).variant == .plain)
        #expect(ProgramKey.variant(.fill, for: Self.clip(1)).variant == .single)
        #expect(ProgramKey.variant(.fill, for: Self.clip(3)).variant == .clipped)
        #expect(ProgramKey.variant(.fill, for: Clip(), shapes: [continuous]).variant == .plainContinuous)
        #expect(ProgramKey.variant(.border, for: Self.clip(1, curve: .continuous)).variant == .singleContinuous)
        #expect(ProgramKey.variant(.image, for: Self.clip(2), shapes: [continuous]).variant == .clippedContinuous)
        let square = RoundedRect(rect: Rect(0, 0, 10, 10), cornerRadius: 0, curve: .continuous)
        #expect(ProgramKey.variant(.fill, for: Clip(), shapes: [square]).variant == .plain, "a square corner has no curve to evaluate")
    }

    @Test("instanced variants exist for no clip shape and one, circular corners only")
    func instancedVariants() {
        let continuous = RoundedRect(rect: Rect(0, 0, 10, 10), cornerRadius: 3, curve: .continuous)
        #expect(ProgramKey.instanced(.instancedFill, for: Clip()) == ProgramKey(.instancedFill))
        #expect(ProgramKey.instanced(.instancedFill, for: Self.clip(1)) == ProgramKey(.instancedFill, .single))
        #expect(ProgramKey.instanced(.instancedFill, for: Self.clip(2)) == nil)
        #expect(ProgramKey.instanced(.instancedBorder, for: Clip(), shapes: [continuous]) == nil)
        #expect(ProgramKey.instanced(.instancedShadowFill, for: Self.clip(1, curve: .continuous)) == nil)
        #expect(ProgramKey.instanced(.instancedShadowFillBorder, for: Self.clip(1)) == nil, "built without clip shapes")
        #expect(ProgramKey.instanced(.card, for: Clip()) == ProgramKey(.card))
    }

    @Test("a key reads as its sources, without instanced parameter slots")
    func description() {
        #expect(ProgramKey(.blurPass).description == "quad.vert + blur_pass.frag")
        #expect(ProgramKey(.border, .single).description == "quad.vert + shape.frag [LAMINA_BORDER] [LAMINA_CLIP_SHAPES] [LAMINA_CLIP_SINGLE]")
        #expect(ProgramKey(.card).description.hasPrefix("instanced.vert + card.frag [LAMINA_INSTANCED]"))
        #expect(!ProgramKey(.card).description.contains("="))
    }
}

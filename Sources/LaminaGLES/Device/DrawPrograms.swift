import Lamina

/// The compiled programs of the GPU backend. Each kind of draw is built in up to six variants: without
/// clip-shape code, for one clip shape, or for several, and with or without the continuous-corner
/// (superellipse) branch. llvmpipe runs
/// both sides of every branch, so a variant without code a draw cannot need is much cheaper per pixel.
struct DrawPrograms {
    /// The variants of one fragment shader: [clip shapes?][continuous corners?].
    struct Variants {
        let plain: ShaderProgram
        let clipped: ShaderProgram
        let plainContinuous: ShaderProgram
        let clippedContinuous: ShaderProgram
        let single: ShaderProgram
        let singleContinuous: ShaderProgram

        init(library: ShaderLibrary, vertex: String = "quad.vert", fragment: String, defines: [String] = []) throws {
            func build(_ extra: [String]) throws -> ShaderProgram {
                try ShaderProgram(library: library, vertex: vertex, fragment: fragment, defines: defines + extra)
            }
            plain = try build([])
            clipped = try build(["LAMINA_CLIP_SHAPES"])
            plainContinuous = try build(["LAMINA_CONTINUOUS_CORNERS"])
            clippedContinuous = try build(["LAMINA_CLIP_SHAPES", "LAMINA_CONTINUOUS_CORNERS"])
            single = try build(["LAMINA_CLIP_SHAPES", "LAMINA_CLIP_SINGLE"])
            singleContinuous = try build(["LAMINA_CLIP_SHAPES", "LAMINA_CLIP_SINGLE", "LAMINA_CONTINUOUS_CORNERS"])
        }

        /// The variant a draw with this clip needs, whose own shapes are `shapes`.
        func program(for clip: Clip, shapes: [RoundedRect] = []) -> ShaderProgram {
            let continuous = DrawPrograms.needsContinuousCorners(clip: clip, shapes: shapes)
            if clip.shapes.isEmpty { return continuous ? plainContinuous : plain }
            if clip.shapes.count == 1 { return continuous ? singleContinuous : single }
            return continuous ? clippedContinuous : clipped
        }

        var all: [ShaderProgram] { [plain, clipped, plainContinuous, clippedContinuous, single, singleContinuous] }
    }

    /// The instanced variants of one fragment shader for `CanvasBatches` (instanced.vert, LAMINA_INSTANCED):
    /// without clip shapes and for one, circular corners only. The kind's `InstanceLayout` names its
    /// parameters for the shader; a clip shape's four follow them.
    struct Instanced {
        let plain: ShaderProgram
        let single: ShaderProgram

        init(library: ShaderLibrary, fragment: String, layout: InstanceLayout, defines: [String] = []) throws {
            plain = try ShaderProgram(library: library, vertex: "instanced.vert", fragment: fragment,
                                      defines: Instanced.defines(layout, clipped: false, defines))
            single = try ShaderProgram(library: library, vertex: "instanced.vert", fragment: fragment,
                                       defines: Instanced.defines(layout, clipped: true, defines))
        }

        /// What an instanced program of `layout` is built with, with or without its clip shape.
        static func defines(_ layout: InstanceLayout, clipped: Bool, _ extra: [String]) -> [String] {
            ["LAMINA_INSTANCED"] + extra + layout.defines(clipped: clipped) + (clipped ? ["LAMINA_CLIP_SHAPES", "LAMINA_CLIP_SINGLE"] : [])
        }

        /// The variant for a draw with this clip and own shapes; nil when none fits (continuous corners,
        /// more than one clip shape).
        func program(for clip: Clip, shapes: [RoundedRect] = []) -> ShaderProgram? {
            guard !DrawPrograms.needsContinuousCorners(clip: clip, shapes: shapes), clip.shapes.count <= 1 else { return nil }
            return clip.shapes.isEmpty ? plain : single
        }

        var all: [ShaderProgram] { [plain, single] }
    }

    /// Whether a draw of these shapes with this clip has a continuous (superellipse) corner to evaluate.
    static func needsContinuousCorners(clip: Clip, shapes: [RoundedRect]) -> Bool {
        shapes.contains { $0.curve == .continuous && !$0.radii.isZero }
            || clip.shapes.contains { $0.shape.curve == .continuous && !$0.shape.radii.isZero }
    }

    /// Fill (shape.frag).
    let fill: Variants
    /// Border (shape.frag with `LAMINA_BORDER`).
    let border: Variants
    /// Closed-form rounded-rect shadow, evaluated per pixel (shadow.frag).
    let shadow: Variants
    /// Closed-form rounded-rect shadow read from a precomputed table (shadow.frag with `LAMINA_SHADOW_TABLE`).
    let shadowTable: Variants
    /// Images and offscreen composites (image.frag), without and with a mask.
    let image: Variants
    let maskedImage: Variants
    /// Color through an R8 mask (maskfill.frag).
    let maskFill: Variants
    /// Glyph quads from the glyph atlas, one instance per glyph (glyph.vert, glyph.frag).
    let glyphs: Variants
    /// Gradients evaluated per pixel (gradient.frag), one set per kind.
    let axialGradient: Variants
    let radialGradient: Variants
    let conicGradient: Variants
    /// Blur steps (blur_downsample.frag, blur_pass.frag: never clipped; blur_composite.frag).
    let blurDownsample: ShaderProgram
    let blurPass: ShaderProgram
    let blurComposite: Variants
    /// The opaque pass of occlusion culling (opaque.vert + opaque.frag).
    let opaque: ShaderProgram
    /// Batched fills, borders, table shadows and images.
    let instancedFill: Instanced
    let instancedBorder: Instanced
    let instancedShadowTable: Instanced
    /// A table shadow and the fill after it in one draw (`GLESBackend.drawFused`), and with the border after
    /// that (no clip shapes: its 10 parameters leave no room for them).
    let instancedShadowFill: Instanced
    let instancedShadowFillBorder: ShaderProgram
    let instancedImage: Instanced
    /// A collapsed opacity group (`CollapsedCard`, card.frag), over pixels its image cannot touch and over
    /// those it can.
    let card: ShaderProgram
    let cardImage: ShaderProgram

    /// `destinationFetch`: the context has EXT_shader_framebuffer_fetch, so the draws that stand for
    /// several consecutive commands (fused shadow–fill(–border) draws and cards) store their parts one after
    /// the other with the blender's 8-bit arithmetic, as separate draws would (`LAMINA_DESTINATION_FETCH`).
    init(library: ShaderLibrary, destinationFetch: Bool) throws {
        let fetch = destinationFetch ? ["LAMINA_DESTINATION_FETCH"] : []
        fill = try Variants(library: library, fragment: "shape.frag")
        border = try Variants(library: library, fragment: "shape.frag", defines: ["LAMINA_BORDER"])
        shadow = try Variants(library: library, fragment: "shadow.frag")
        shadowTable = try Variants(library: library, fragment: "shadow.frag", defines: ["LAMINA_SHADOW_TABLE"])
        image = try Variants(library: library, fragment: "image.frag")
        maskedImage = try Variants(library: library, fragment: "image.frag", defines: ["LAMINA_IMAGE_MASK"])
        maskFill = try Variants(library: library, fragment: "maskfill.frag")
        glyphs = try Variants(library: library, vertex: "glyph.vert", fragment: "glyph.frag")
        axialGradient = try Variants(library: library, fragment: "gradient.frag", defines: ["LAMINA_GRADIENT_AXIAL"])
        radialGradient = try Variants(library: library, fragment: "gradient.frag", defines: ["LAMINA_GRADIENT_RADIAL"])
        conicGradient = try Variants(library: library, fragment: "gradient.frag", defines: ["LAMINA_GRADIENT_CONIC"])
        blurDownsample = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "blur_downsample.frag")
        blurPass = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "blur_pass.frag")
        blurComposite = try Variants(library: library, fragment: "blur_composite.frag")
        opaque = try ShaderProgram(library: library, vertex: "opaque.vert", fragment: "opaque.frag")
        func kind(_ k: InstancedKind) throws -> Instanced {
            try Instanced(library: library, fragment: k.fragment, layout: k.layout, defines: k.defines + (k.fetches ? fetch : []))
        }
        func unclipped(_ k: InstancedKind) throws -> ShaderProgram {
            try ShaderProgram(library: library, vertex: "instanced.vert", fragment: k.fragment,
                              defines: Instanced.defines(k.layout, clipped: false, k.defines + (k.fetches ? fetch : [])))
        }
        instancedFill = try kind(.fill)
        instancedBorder = try kind(.border)
        instancedShadowTable = try kind(.tableShadow)
        instancedShadowFill = try kind(.shadowFill)
        instancedShadowFillBorder = try unclipped(.shadowFillBorder)
        instancedImage = try kind(.image)
        card = try unclipped(.card)
        cardImage = try unclipped(.cardImage)
    }

    /// One kind of instanced draw: its fragment shader, parameter layout and defines; `fetches` when it is
    /// built with LAMINA_DESTINATION_FETCH where the context offers it; `clipped` when it has a variant for
    /// one clip shape.
    struct InstancedKind: Sendable {
        let fragment: String
        let layout: InstanceLayout
        let defines: [String]
        var fetches = false
        var clipped = true

        static let fill = InstancedKind(fragment: "shape.frag", layout: .fill, defines: [])
        static let border = InstancedKind(fragment: "shape.frag", layout: .border, defines: ["LAMINA_BORDER"])
        static let tableShadow = InstancedKind(fragment: "shadow.frag", layout: .tableShadow, defines: ["LAMINA_SHADOW_TABLE"])
        static let shadowFill = InstancedKind(fragment: "shadow.frag", layout: .shadowFill,
                                              defines: ["LAMINA_SHADOW_TABLE", "LAMINA_SHADOW_FILL"], fetches: true)
        static let shadowFillBorder = InstancedKind(fragment: "shadow.frag", layout: .shadowFillBorder,
                                                    defines: ["LAMINA_SHADOW_TABLE", "LAMINA_SHADOW_FILL", "LAMINA_SHADOW_BORDER"],
                                                    fetches: true, clipped: false)
        static let image = InstancedKind(fragment: "image.frag", layout: .image, defines: [])
        static let card = InstancedKind(fragment: "card.frag", layout: .card, defines: [], fetches: true, clipped: false)
        static let cardImage = InstancedKind(fragment: "card.frag", layout: .card, defines: ["LAMINA_CARD_IMAGE"], fetches: true, clipped: false)

        /// Every kind, for validating each program the backend builds.
        static let all: [InstancedKind] = [.fill, .border, .tableShadow, .shadowFill, .shadowFillBorder, .image, .card, .cardImage]

        /// The define lists of its programs (without LAMINA_DESTINATION_FETCH).
        var programDefines: [[String]] {
            [Instanced.defines(layout, clipped: false, defines)] + (clipped ? [Instanced.defines(layout, clipped: true, defines)] : [])
        }
    }

    var all: [ShaderProgram] {
        [fill, border, shadow, shadowTable, image, maskedImage, maskFill, glyphs, axialGradient, radialGradient, conicGradient, blurComposite].flatMap(\.all) + [blurDownsample, blurPass, opaque]
            + [instancedFill, instancedBorder, instancedShadowTable, instancedShadowFill, instancedImage].flatMap(\.all)
            + [instancedShadowFillBorder, card, cardImage]
    }

    func delete() { all.forEach { $0.delete() } }
}

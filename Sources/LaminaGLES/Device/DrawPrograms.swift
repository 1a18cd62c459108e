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

        init(library: ShaderLibrary, fragment: String, defines: [String] = []) throws {
            func build(_ extra: [String]) throws -> ShaderProgram {
                try ShaderProgram(library: library, vertex: "quad.vert", fragment: fragment, defines: defines + extra)
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
    /// without clip shapes and for one, circular corners only. A draw of the kind has `parameters` vec4
    /// parameters, then four for its clip shape; only those reach the fragment shader.
    struct Instanced {
        let plain: ShaderProgram
        let single: ShaderProgram

        init(library: ShaderLibrary, fragment: String, parameters: Int, defines: [String] = []) throws {
            func build(_ extra: [String]) throws -> ShaderProgram {
                try ShaderProgram(library: library, vertex: "instanced.vert", fragment: fragment,
                                  defines: ["LAMINA_INSTANCED"] + defines + extra)
            }
            plain = try build(["LAMINA_PARAMS=\(parameters)"])
            single = try build(["LAMINA_PARAMS=\(parameters + 4)", "LAMINA_CLIP_AT=\(parameters)", "LAMINA_CLIP_SHAPES",
                                "LAMINA_CLIP_SINGLE"])
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
        blurDownsample = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "blur_downsample.frag")
        blurPass = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "blur_pass.frag")
        blurComposite = try Variants(library: library, fragment: "blur_composite.frag")
        opaque = try ShaderProgram(library: library, vertex: "opaque.vert", fragment: "opaque.frag")
        instancedFill = try Instanced(library: library, fragment: "shape.frag", parameters: 5)
        instancedBorder = try Instanced(library: library, fragment: "shape.frag", parameters: 7, defines: ["LAMINA_BORDER"])
        instancedShadowTable = try Instanced(library: library, fragment: "shadow.frag", parameters: 4,
                                             defines: ["LAMINA_SHADOW_TABLE"])
        instancedShadowFill = try Instanced(library: library, fragment: "shadow.frag", parameters: 7,
                                            defines: ["LAMINA_SHADOW_TABLE", "LAMINA_SHADOW_FILL"] + fetch)
        instancedShadowFillBorder = try ShaderProgram(library: library, vertex: "instanced.vert", fragment: "shadow.frag",
                                                      defines: ["LAMINA_INSTANCED", "LAMINA_SHADOW_TABLE", "LAMINA_SHADOW_FILL",
                                                                "LAMINA_SHADOW_BORDER", "LAMINA_PARAMS=9"] + fetch)
        instancedImage = try Instanced(library: library, fragment: "image.frag", parameters: 6)
        card = try ShaderProgram(library: library, vertex: "instanced.vert", fragment: "card.frag",
                                 defines: ["LAMINA_INSTANCED", "LAMINA_PARAMS=\(DrawPrograms.cardParameters)"] + fetch)
        cardImage = try ShaderProgram(library: library, vertex: "instanced.vert", fragment: "card.frag",
                                      defines: ["LAMINA_INSTANCED", "LAMINA_PARAMS=\(DrawPrograms.cardParameters)", "LAMINA_CARD_IMAGE"] + fetch)
    }

    var all: [ShaderProgram] {
        [fill, border, shadow, shadowTable, image, maskedImage, maskFill, blurComposite].flatMap(\.all) + [blurDownsample, blurPass, opaque]
            + [instancedFill, instancedBorder, instancedShadowTable, instancedShadowFill, instancedImage].flatMap(\.all)
            + [instancedShadowFillBorder, card, cardImage]
    }

    /// The vec4 parameters of a card draw (card.frag).
    static let cardParameters = 12

    func delete() { all.forEach { $0.delete() } }
}

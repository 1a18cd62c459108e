import Lamina

/// The compiled programs of the GPU backend, one pair (unclipped / with clip shapes) per kind of draw.
struct DrawPrograms {
    /// The variant without clip-shape code, and the one that evaluates `u_clip*` shapes.
    struct Variants {
        let plain: ShaderProgram
        let clipped: ShaderProgram

        init(library: ShaderLibrary, fragment: String) throws {
            plain = try ShaderProgram(library: library, vertex: "quad.vert", fragment: fragment)
            clipped = try ShaderProgram(library: library, vertex: "quad.vert", fragment: fragment, defines: ["LAMINA_CLIP_SHAPES"])
        }

        /// The variant a draw with this clip needs.
        func program(for clip: Clip) -> ShaderProgram { clip.shapes.isEmpty ? plain : clipped }
    }

    /// Fill and border (shape.frag).
    let shape: Variants
    /// Closed-form rounded-rect shadow (shadow.frag).
    let shadow: Variants
    /// Images and offscreen composites (image.frag).
    let image: Variants
    /// Color through an R8 mask (maskfill.frag).
    let maskFill: Variants
    /// Blur steps (blur_downsample.frag, blur_pass.frag: never clipped; blur_composite.frag).
    let blurDownsample: ShaderProgram
    let blurPass: ShaderProgram
    let blurComposite: Variants

    init(library: ShaderLibrary) throws {
        shape = try Variants(library: library, fragment: "shape.frag")
        shadow = try Variants(library: library, fragment: "shadow.frag")
        image = try Variants(library: library, fragment: "image.frag")
        maskFill = try Variants(library: library, fragment: "maskfill.frag")
        blurDownsample = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "blur_downsample.frag")
        blurPass = try ShaderProgram(library: library, vertex: "quad.vert", fragment: "blur_pass.frag")
        blurComposite = try Variants(library: library, fragment: "blur_composite.frag")
    }

    var all: [ShaderProgram] {
        [shape, shadow, image, maskFill, blurComposite].flatMap { [$0.plain, $0.clipped] } + [blurDownsample, blurPass]
    }

    func delete() { all.forEach { $0.delete() } }
}

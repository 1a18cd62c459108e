extension ProgramKey {
    /// The shader sets of the GPU backend: what each draws, from which sources, in which variants.
    enum Shader: Int, CaseIterable, Sendable {
        /// Fill (shape.frag).
        case fill
        /// Border (shape.frag with `LAMINA_BORDER`).
        case border
        /// Closed-form rounded-rect shadow, evaluated per pixel (shadow.frag).
        case shadow
        /// Closed-form rounded-rect shadow read from a precomputed table (`LAMINA_SHADOW_TABLE`).
        case shadowTable
        /// Images and offscreen composites (image.frag), without and with a mask.
        case image, maskedImage
        /// Color through an R8 mask (maskfill.frag).
        case maskFill
        /// Glyph quads from the glyph atlas, one instance per glyph (glyph.vert, glyph.frag).
        case glyphs
        /// Gradients evaluated per pixel (gradient.frag), one set per kind.
        case axialGradient, radialGradient, conicGradient
        /// Blur steps: downsampling, one direction of the separable blur (never clipped), and the composite.
        case blurDownsample, blurPass, blurComposite
        /// The opaque pass of occlusion culling (opaque.vert + opaque.frag).
        case opaque
        /// Batched fills, borders, table shadows and images (`CanvasBatches`).
        case instancedFill, instancedBorder, instancedShadowTable, instancedImage
        /// A table shadow and the fill after it in one draw (`FrameBuilder.drawFused`), and with the border
        /// after that (no clip shapes: its 10 parameters leave no room for them).
        case instancedShadowFill, instancedShadowFillBorder
        /// A collapsed opacity group (`CollapsedCard`, card.frag), over pixels its image cannot touch and
        /// over those it can.
        case card, cardImage

        /// How a set's variants are built.
        enum Form {
            /// All six `Variant`s, quad.vert unless the set says otherwise.
            case variants
            /// One program.
            case single
            /// Instanced (instanced.vert, `LAMINA_INSTANCED`) with this kind's parameter layout.
            case instanced(DrawPrograms.InstancedKind)
        }

        var form: Form {
            switch self {
            case .blurDownsample, .blurPass, .opaque: .single
            case .instancedFill: .instanced(.fill)
            case .instancedBorder: .instanced(.border)
            case .instancedShadowTable: .instanced(.tableShadow)
            case .instancedImage: .instanced(.image)
            case .instancedShadowFill: .instanced(.shadowFill)
            case .instancedShadowFillBorder: .instanced(.shadowFillBorder)
            case .card: .instanced(.card)
            case .cardImage: .instanced(.cardImage)
            default: .variants
            }
        }

        /// The variants built of the set.
        var variants: [Variant] {
            switch form {
            case .variants: Variant.allCases
            case .single: [.plain]
            case .instanced(let kind): kind.clipped ? [.plain, .single] : [.plain]
            }
        }

        var vertex: String {
            switch self {
            case .glyphs: "glyph.vert"
            case .opaque: "opaque.vert"
            default:
                if case .instanced = form { "instanced.vert" } else { "quad.vert" }
            }
        }

        var fragment: String {
            switch self {
            case .fill, .border: "shape.frag"
            case .shadow, .shadowTable: "shadow.frag"
            case .image, .maskedImage: "image.frag"
            case .maskFill: "maskfill.frag"
            case .glyphs: "glyph.frag"
            case .axialGradient, .radialGradient, .conicGradient: "gradient.frag"
            case .blurDownsample: "blur_downsample.frag"
            case .blurPass: "blur_pass.frag"
            case .blurComposite: "blur_composite.frag"
            case .opaque: "opaque.frag"
            default:
                if case .instanced(let kind) = form { kind.fragment } else { "" }
            }
        }

        /// The set's own defines (before a variant's; instanced sets take their kind's).
        var defines: [String] {
            switch self {
            case .border: ["LAMINA_BORDER"]
            case .shadowTable: ["LAMINA_SHADOW_TABLE"]
            case .maskedImage: ["LAMINA_IMAGE_MASK"]
            case .axialGradient: ["LAMINA_GRADIENT_AXIAL"]
            case .radialGradient: ["LAMINA_GRADIENT_RADIAL"]
            case .conicGradient: ["LAMINA_GRADIENT_CONIC"]
            default: []
            }
        }

        /// Whether the set is built with `LAMINA_DESTINATION_FETCH` where the context offers it: the draws
        /// that stand for several consecutive commands (fused shadow–fill(–border) draws and cards) then
        /// store their parts one after the other with the blender's 8-bit arithmetic, as separate draws would.
        var fetchesDestination: Bool {
            if case .instanced(let kind) = form { kind.fetches } else { false }
        }
    }
}

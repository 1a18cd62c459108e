import Lamina

/// One draw of a GPU frame as a plain value: a program covering quads of a target, with the uniforms and
/// textures it reads. The frame builder makes them (`FrameBuilder`'s draw functions, `CanvasBatches`);
/// `FrameIssuer` issues them in order and is the only code that sets draw state.
struct GPUDraw {
    /// The quads a draw covers.
    enum Quads {
        /// One quad over these target pixels (attribute 0 set as a constant; `quad.vert`, blur passes).
        case one(QuadPiece)
        /// Instances laid out as `format` says, one quad each.
        case instances([Float], InstanceFormat)
    }

    /// How the floats of an instanced draw are laid out per instance.
    enum InstanceFormat {
        /// Pixel bounds (x0, y0, x1, y1): a quad draw over several pieces.
        case corners
        /// A `CanvasBatches` instance: bounds, the target's origin, then `CanvasBatches.parameterCount` vec4s.
        case batch
        /// A glyph quad (`FrameBuilder.glyphInstanceFloats`): bounds, glyph origin and atlas texel, color, layer.
        case glyphs
        /// An opaque-pass instance (`OpaqueInstances.opaqueInstanceFloats`): bounds, color.
        case opaque

        var floatsPerInstance: Int {
            switch self {
            case .corners: 4
            case .batch: CanvasBatches.floatsPerInstance
            case .glyphs: FrameBuilder.glyphInstanceFloats
            case .opaque: OpaqueInstances.opaqueInstanceFloats
            }
        }
    }

    /// How a texture is filtered when a draw samples it.
    enum Filter: Equatable {
        /// As it is set (trilinear for mip chains, nearest for masks, tables and glyphs as made).
        case unchanged
        case nearest
        case linear
    }

    /// A texture bound for the draw: on `unit`, a 2D texture or (glyphs) a 2D array, with its min and mag
    /// filter set first unless `filter` is `.unchanged`.
    struct Texture {
        var unit: Int32
        var texture: UInt32
        var array = false
        var filter = Filter.unchanged
    }

    let program: ProgramKey
    let target: RenderTarget
    var uniforms: [ShaderUniform] = []
    var textures: [Texture] = []
    var quads: Quads
    /// False for draws that store their colors as they are: the opaque pass, blur passes, and programs that
    /// blend themselves (`ShaderProgram.blendsItself`).
    var blending = true

    /// The number of quads drawn.
    var quadCount: Int {
        switch quads {
        case .one: 1
        case .instances(let floats, let format): floats.count / format.floatsPerInstance
        }
    }
}

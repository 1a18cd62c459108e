import Lamina

/// A uniform value a `GPUDraw` sets on its program before drawing, by name.
enum ShaderUniform {
    case float(String, Float)
    case int(String, Int)
    case vec2(String, Float, Float)
    case ivec2(String, Int, Int)
    case vec3(String, Float, Float, Float)
    case vec4(String, Float, Float, Float, Float)
    /// An array of `components`-float vectors (1: a float array).
    case array(String, [Float], components: Int)

    /// `u_targetSize` and `u_targetOrigin` of a target: where a draw's pixel coordinates land in its framebuffer.
    static func target(_ target: RenderTarget) -> [ShaderUniform] {
        [.vec2("u_targetSize", Float(target.width), Float(target.height)),
         .vec2("u_targetOrigin", Float(target.originX), Float(target.originY))]
    }

    /// `u_color` of a premultiplied color.
    static func color(_ name: String, _ color: PremultipliedColor) -> ShaderUniform {
        let c = ShaderValues.color(color)
        return .vec4(name, c.0, c.1, c.2, c.3)
    }
}

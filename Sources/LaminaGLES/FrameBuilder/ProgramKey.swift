import Lamina

/// A program of the GPU backend named by value: the shader set it belongs to and the variant of it. The
/// frame builder picks keys (`GPUDraw.program`, `CanvasBatches.Key`) from what a draw needs, without GL;
/// the device compiles one program per key (`DrawPrograms`) and `FrameIssuer` looks it up.
struct ProgramKey: Hashable, Sendable, CustomStringConvertible {
    /// The code compiled into a variant. `Shader.Form.variants` sets are built in all six: without clip-shape
    /// code, for several clip shapes or for one, each with or without the continuous-corner (superellipse)
    /// branch; llvmpipe runs both sides of every branch, so a variant without code a draw cannot need is much
    /// cheaper per pixel. Instanced sets have `plain` and (most) `single`; the others only `plain`.
    enum Variant: Int, CaseIterable, Sendable {
        case plain, clipped, plainContinuous, clippedContinuous, single, singleContinuous

        /// The defines that select the variant's code.
        var defines: [String] {
            switch self {
            case .plain: []
            case .clipped: ["LAMINA_CLIP_SHAPES"]
            case .plainContinuous: ["LAMINA_CONTINUOUS_CORNERS"]
            case .clippedContinuous: ["LAMINA_CLIP_SHAPES", "LAMINA_CONTINUOUS_CORNERS"]
            case .single: ["LAMINA_CLIP_SHAPES", "LAMINA_CLIP_SINGLE"]
            case .singleContinuous: ["LAMINA_CLIP_SHAPES", "LAMINA_CLIP_SINGLE", "LAMINA_CONTINUOUS_CORNERS"]
            }
        }
    }

    let shader: Shader
    let variant: Variant

    /// The `plain` variant of a shader set.
    init(_ shader: Shader) {
        self.init(shader, .plain)
    }

    init(_ shader: Shader, _ variant: Variant) {
        self.shader = shader
        self.variant = variant
    }

    /// The variant of a `.variants` set that a draw with this clip needs, whose own shapes are `shapes`.
    static func variant(_ shader: Shader, for clip: Clip, shapes: [RoundedRect] = []) -> ProgramKey {
        let continuous = needsContinuousCorners(clip: clip, shapes: shapes)
        switch clip.shapes.count {
        case 0: return ProgramKey(shader, continuous ? .plainContinuous : .plain)
        case 1: return ProgramKey(shader, continuous ? .singleContinuous : .single)
        default: return ProgramKey(shader, continuous ? .clippedContinuous : .clipped)
        }
    }

    /// The variant of an `.instanced` set for a draw with this clip and own shapes; nil when none fits
    /// (continuous corners, more than one clip shape, or a clip shape on a set without a clipped variant).
    static func instanced(_ shader: Shader, for clip: Clip, shapes: [RoundedRect] = []) -> ProgramKey? {
        guard !needsContinuousCorners(clip: clip, shapes: shapes), clip.shapes.count <= 1 else { return nil }
        let key = ProgramKey(shader, clip.shapes.isEmpty ? .plain : .single)
        return shader.variants.contains(key.variant) ? key : nil
    }

    /// Whether a draw of these shapes with this clip has a continuous (superellipse) corner to evaluate.
    static func needsContinuousCorners(clip: Clip, shapes: [RoundedRect]) -> Bool {
        shapes.contains { $0.curve == .continuous && !$0.radii.isZero }
            || clip.shapes.contains { $0.shape.curve == .continuous && !$0.shape.radii.isZero }
    }

    /// Every program the backend builds.
    static let all: [ProgramKey] = Shader.allCases.flatMap { s in s.variants.map { ProgramKey(s, $0) } }

    /// A dense number for tables of programs.
    var index: Int { shader.rawValue * Variant.allCases.count + variant.rawValue }

    /// The defines the program is compiled with; `destinationFetch` when the context reads the destination
    /// in shaders (`GLESInfo.destinationFetch`).
    func defines(destinationFetch: Bool) -> [String] {
        let fetch = destinationFetch && shader.fetchesDestination ? ["LAMINA_DESTINATION_FETCH"] : []
        switch shader.form {
        case .variants, .single:
            return shader.defines + variant.defines
        case .instanced(let kind):
            return DrawPrograms.Instanced.defines(kind.layout, clipped: variant == .single, kind.defines + fetch)
        }
    }

    /// Whether the program reads its destination and writes the blended result itself: its draws are
    /// issued with blending off.
    func blendsItself(destinationFetch: Bool) -> Bool {
        destinationFetch && shader.fetchesDestination
    }

    /// "vertex + fragment [DEFINE] …" without the parameter slots of instanced variants.
    var description: String {
        "\(shader.vertex) + \(shader.fragment)"
            + defines(destinationFetch: false).filter { !$0.contains("=") }.map { " [\($0)]" }.joined()
    }
}

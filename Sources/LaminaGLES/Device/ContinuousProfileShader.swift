import Foundation
import Lamina

/// The text of `Shaders/continuous_profile.glsl`: `ContinuousCorner`'s constants and profile table as
/// GLSL constants, so the shader evaluates the same geometry as the CPU. The file is generated from
/// this text (a test fails when they differ; `LAMINA_WRITE_SHADER_TABLES=1` on that test rewrites it).
public enum ContinuousProfileShader {
    /// The generated file's name in `Shaders/`.
    public static let fileName = "continuous_profile.glsl"

    /// The generated GLSL source.
    public static var source: String {
        let rows = ContinuousCorner.profile.map { "    vec2(\(literal($0.g)), \(literal($0.slope)))" }
        return """
        // Generated from ContinuousCorner (Sources/Lamina/Geometry/ContinuousCorner.swift); do not edit.
        // kContinuousProfile[i] = (g, g′) at s = kContinuousDiagonal + i · kContinuousStep.
        const float kContinuousExtent = \(literal(ContinuousCorner.extentFactor));
        const float kContinuousDiagonal = \(literal(ContinuousCorner.diagonal));
        const float kContinuousStep = \(literal(ContinuousCorner.profileStep));
        const int kContinuousIntervals = \(ContinuousCorner.profileIntervals);
        const vec2 kContinuousProfile[\(ContinuousCorner.profile.count)] = vec2[\(ContinuousCorner.profile.count)](
        \(rows.joined(separator: ",\n"))
        );

        """
    }

    /// A GLSL float literal with 9 significant digits (enough to round-trip a 32-bit float).
    static func literal(_ value: Double) -> String {
        let text = String(format: "%.9g", value == 0 ? 0 : value)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }
}

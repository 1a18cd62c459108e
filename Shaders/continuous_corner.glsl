// The continuous (iOS) corner's signed distance: the GLSL twin of ContinuousCorner.signedDistance(x:y:).
// x, y: distances inward from the two edges meeting at the corner, in units of the radius. Folded about
// the diagonal (s = max, t = min), the outline is the graph t = g(s) sampled in kContinuousProfile
// (g, g′), interpolated with a cubic Hermite for g and linearly for g′; below the diagonal point it
// continues along the tangent, beyond the curve's reach along the edge (g = 0).
#include "continuous_profile.glsl"

float continuousCornerDistance(float x, float y) {
    float s = max(x, y);
    float t = min(x, y);
    float f = (clamp(s, kContinuousDiagonal, kContinuousExtent) - kContinuousDiagonal) / kContinuousStep;
    int i = min(int(f), kContinuousIntervals - 1);
    float w = f - float(i);
    vec2 p0 = kContinuousProfile[i];
    vec2 p1 = kContinuousProfile[i + 1];
    float w2 = w * w;
    float w3 = w2 * w;
    float g = (2.0 * w3 - 3.0 * w2 + 1.0) * p0.x + (w3 - 2.0 * w2 + w) * p0.y * kContinuousStep
        + (3.0 * w2 - 2.0 * w3) * p1.x + (w3 - w2) * p1.y * kContinuousStep
        + max(kContinuousDiagonal - s, 0.0);
    float slope = mix(p0.y, p1.y, w);
    return (g - t) * inversesqrt(1.0 + slope * slope);
}

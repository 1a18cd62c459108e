// Closed-form rounded-rectangle shadow: the GLSL twin of ShadowMath.coverage(at:of:sigma:).
// The rectangle's convolution with a Gaussian is a product of erf differences; each circular corner
// subtracts a notch integrated exactly along x and with 16-point Gauss–Legendre quadrature along y.
#include "erf.glsl"

const float kGaussNodes[16] = float[16](
    -0.9894009349916499, -0.9445750230732326, -0.8656312023878318, -0.7554044083550030,
    -0.6178762444026438, -0.4580167776572274, -0.2816035507792589, -0.0950125098376374,
    0.0950125098376374, 0.2816035507792589, 0.4580167776572274, 0.6178762444026438,
    0.7554044083550030, 0.8656312023878318, 0.9445750230732326, 0.9894009349916499);
const float kGaussWeights[16] = float[16](
    0.0271524594117541, 0.0622535239386479, 0.0951585116824928, 0.1246289712555339,
    0.1495959888165767, 0.1691565193950025, 0.1826034150449236, 0.1894506104550685,
    0.1894506104550685, 0.1826034150449236, 0.1691565193950025, 0.1495959888165767,
    0.1246289712555339, 0.0951585116824928, 0.0622535239386479, 0.0271524594117541);

/// ∫ₐᵇ of a 1-D Gaussian (σ) centred at x.
float shadowSegment(float x, float a, float b, float sigma) {
    float k = 1.0 / (sigma * 1.4142135623730951);
    return 0.5 * (erfApprox((x - a) * k) - erfApprox((x - b) * k));
}

float shadowGaussian(float d, float sigma) {
    return exp(-d * d / (2.0 * sigma * sigma)) / (sigma * 2.5066282746310002);
}

/// One corner notch; the rectangle extends from the corner in direction dir.
float shadowNotch(vec2 p, vec2 corner, vec2 dir, float radius, float sigma) {
    float py = (p.y - corner.y) * dir.y;
    float t0 = max(0.0, py - 4.0 * sigma);
    float t1 = min(radius, py + 4.0 * sigma);
    if (t1 <= t0) {
        return 0.0;
    }
    float px = (p.x - corner.x) * dir.x;
    if (px > radius + 4.0 * sigma) {
        return 0.0;
    }
    float halfSpan = (t1 - t0) * 0.5;
    float mid = (t0 + t1) * 0.5;
    float sum = 0.0;
    for (int i = 0; i < 16; ++i) {
        float t = mid + halfSpan * kGaussNodes[i];
        float u = radius - t;
        float width = radius - sqrt(max(radius * radius - u * u, 0.0));
        sum += kGaussWeights[i] * shadowGaussian(py - t, sigma) * shadowSegment(px, 0.0, width, sigma);
    }
    return sum * halfSpan;
}

/// Shadow coverage (0…1) at local point p of the rounded rect (rect, radii) blurred by σ > 0.
float roundedRectShadowCoverage(vec2 p, vec4 rect, vec4 radii, float sigma) {
    vec2 lo = rect.xy;
    vec2 hi = rect.xy + rect.zw;
    float v = shadowSegment(p.x, lo.x, hi.x, sigma) * shadowSegment(p.y, lo.y, hi.y, sigma);
    if (radii.x > 0.0) v -= shadowNotch(p, vec2(lo.x, lo.y), vec2(1.0, 1.0), radii.x, sigma);
    if (radii.y > 0.0) v -= shadowNotch(p, vec2(hi.x, lo.y), vec2(-1.0, 1.0), radii.y, sigma);
    if (radii.z > 0.0) v -= shadowNotch(p, vec2(hi.x, hi.y), vec2(-1.0, -1.0), radii.z, sigma);
    if (radii.w > 0.0) v -= shadowNotch(p, vec2(lo.x, hi.y), vec2(1.0, -1.0), radii.w, sigma);
    return clamp(v, 0.0, 1.0);
}

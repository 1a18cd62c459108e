// Rounded-rectangle signed distance and coverage: the GLSL twin of RoundedRect.signedDistance(to:).
// rect = (minX, minY, width, height); radii = (topLeft, topRight, bottomRight, bottomLeft);
// continuous > 0.5 selects the superellipse (continuous) corner; that branch is compiled only with
// LAMINA_CONTINUOUS_CORNERS (llvmpipe evaluates both sides of a branch, pow() included).
#include "common.glsl"

const float kContinuousExtentFactor = 1.528;

float rrectSignedDistance(vec4 rect, vec4 radii, float continuous, vec2 p) {
    vec2 hs = rect.zw * 0.5;
    vec2 mid = rect.xy + hs;
    vec2 q0 = abs(p - mid);
    vec2 side = p.y < mid.y ? radii.xy : radii.wz;
    float r = p.x < mid.x ? side.x : side.y;
    vec2 q = q0 - hs + r;
    float circular = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
#ifndef LAMINA_CONTINUOUS_CORNERS
    return circular;
#else
    if (continuous < 0.5 || r <= 0.0) {
        return circular;
    }
    float e = min(r * kContinuousExtentFactor, min(rect.z, rect.w) * 0.5);
    vec2 u = q0 - (hs - e);
    if (u.x <= 0.0 || u.y <= 0.0) {
        return max(q0.x - hs.x, q0.y - hs.y);
    }
    vec2 s = u / e;
    vec2 s2 = s * s;
    vec2 s5 = s2 * s2 * s;
    float f = pow(s5.x + s5.y, 0.2) - 1.0;
    return f * e;
#endif
}

/// Anti-aliased coverage: clamp(0.5 − d·k, 0, 1), k = the transform's mean scale.
float rrectCoverage(vec4 rect, vec4 radii, float continuous, float k, vec2 p) {
    return clamp(0.5 - rrectSignedDistance(rect, radii, continuous, p) * k, 0.0, 1.0);
}

// Shared helpers for every fragment shader. Target pixel (x, y) has its center at gl_FragCoord.xy =
// (x + 0.5, y + 0.5); row 0 is the top of the target (the projection maps pixel y to window y).

/// Applies an affine transform given as two rows (a, c, tx) and (b, d, ty) to a point.
vec2 applyAffine(vec3 row0, vec3 row1, vec2 p) {
    vec3 h = vec3(p, 1.0);
    return vec2(dot(row0, h), dot(row1, h));
}

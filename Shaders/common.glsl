// Shared helpers for every fragment shader. Target pixel (x, y) has its center at targetPixel() =
// (x + 0.5, y + 0.5); row 0 is the top of the target (the projection maps pixel y to window y).

#ifdef LAMINA_INSTANCED
/// The draw's LAMINA_PARAMS parameters, one set per instance (instanced.vert): what a single draw's
/// uniforms hold, then its clip shape's. Where each value sits is InstanceLayout's (Swift), which defines
/// a P_ name for each when the program is built; each fragment shader copies them through those names into
/// globals named like the uniforms (its loadParameters()).
flat in vec4 v_p[LAMINA_PARAMS];
/// Where this instance's target starts in the framebuffer.
flat in vec2 v_origin;
#endif

/// Where the target starts in its framebuffer: (0, 0), or a region's corner in an atlas page.
uniform vec2 u_targetOrigin;

/// The target pixel of this fragment (its center at (x + 0.5, y + 0.5)).
vec2 targetPixel() {
#ifdef LAMINA_INSTANCED
    return gl_FragCoord.xy - v_origin;
#else
    return gl_FragCoord.xy - u_targetOrigin;
#endif
}

/// Applies an affine transform given as two rows (a, c, tx) and (b, d, ty) to a point.
vec2 applyAffine(vec3 row0, vec3 row1, vec2 p) {
    vec3 h = vec3(p, 1.0);
    return vec2(dot(row0, h), dot(row1, h));
}

export const FAMILY_CONFIG = Symbol('FAMILY_CONFIG');

module.exports = require('preact/compat/jsx-runtime');

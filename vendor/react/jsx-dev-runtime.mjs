export * from 'preact/compat/jsx-dev-runtime';

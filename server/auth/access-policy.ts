// The table lives in contract/ so the web app's msw fakes authorize by the same rules.
export * from '../../contract/access-policy';

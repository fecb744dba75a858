// A mailto link to one of the operator's contact addresses.
export function ContactLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className="font-medium text-espresso-900 underline underline-offset-2">
      {email}
    </a>
  );
}
